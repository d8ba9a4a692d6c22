import { z } from 'zod';
import { implemented } from './section.ts';

/** One limited feature: attempts per window, per IP and per user (windows in minutes). */
const windowLimitsSchema = z.strictObject({
  ipMax: z.number().int().min(0, 'must be at least 0').optional(),
  ipWindowInMinutes: z.number().positive('must be more than 0').optional(),
  userMax: z.number().int().min(0, 'must be at least 0').optional(),
  userWindowInMinutes: z.number().positive('must be more than 0').optional(),
});
export type WindowLimits = z.infer<typeof windowLimitsSchema>;

/**
 * `rateLimits` of parley.yaml (librechat.yaml 1.2.8): per-feature limits that override the
 * environment's (`FILE_UPLOAD_*`, `IMPORT_*`) or, for `tts` and `stt`, the speech defaults
 * (services/speech/speech-limits.ts).
 */
export const rateLimitsSchema = z.strictObject({
  fileUploads: windowLimitsSchema.optional(),
  conversationsImport: windowLimitsSchema.optional(),
  tts: windowLimitsSchema.optional(),
  stt: windowLimitsSchema.optional(),
});
export type RateLimitsYaml = z.infer<typeof rateLimitsSchema>;

/** The keys of `rateLimits` that Parley cannot apply yet, with the reason. */
export const UNAPPLIED_RATE_LIMITS: Partial<Record<keyof RateLimitsYaml, string>> = {};

export const rateLimitsSection = implemented(rateLimitsSchema);
