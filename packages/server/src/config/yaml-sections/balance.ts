import { REFILL_INTERVAL_UNITS } from '@parley/schema';
import { z } from 'zod';
import { implemented } from './section.ts';

const credits = z.number().min(0, 'must be at least 0');
/** Credits per token (US dollars per million tokens). */
const tokenPrice = z.strictObject({
  prompt: credits,
  completion: credits,
  cacheRead: credits.optional(),
  cacheWrite: credits.optional(),
});

/**
 * `balance` (librechat.yaml 1.2.8, plus Parley's `prices` and `reserveCompletionTokens`): token
 * credits per user, checked before every answer and charged with it; auto-refill on an interval.
 * `prices` overrides the built-in table by model id or family prefix (`default`: unknown models).
 */
export const balanceSchema = z.strictObject({
  enabled: z.boolean().optional(),
  startBalance: credits.optional(),
  autoRefillEnabled: z.boolean().optional(),
  refillIntervalValue: z.number().int().positive('must be at least 1').optional(),
  refillIntervalUnit: z.enum(REFILL_INTERVAL_UNITS).optional(),
  refillAmount: credits.optional(),
  prices: z.record(z.string().min(1), tokenPrice).optional(),
  reserveCompletionTokens: z.number().int().min(0, 'must be at least 0').optional(),
});

export const balanceSection = implemented(balanceSchema);
