import { z } from 'zod';
import { implemented } from './section.ts';

/** Megabytes as parley.yaml writes sizes (fractions allowed: 0.5 is 512 kB). */
const megabytes = z.number().min(0, 'must be at least 0');

/** A list of MIME types written as regular expressions; each must compile. */
const mimePatterns = z.array(
  z.string().refine((p) => {
    try {
      new RegExp(p);
      return true;
    } catch {
      return false;
    }
  }, 'is not a valid regular expression'),
);

/** One endpoint's upload limits under `fileConfig.endpoints` (sizes in MB). */
export const endpointFileConfigSchema = z.strictObject({
  disabled: z.boolean().optional(),
  fileLimit: z.number().int().min(0, 'must be at least 0').optional(),
  fileSizeLimit: megabytes.optional(),
  totalSizeLimit: megabytes.optional(),
  supportedMimeTypes: mimePatterns.optional(),
});

/**
 * `fileConfig` of parley.yaml (librechat.yaml 1.2.8): upload limits per endpoint (`default` for
 * the others), the server's per-file ceiling, the avatar limit, browser-side image resizing and
 * the image-generation size.
 */
export const fileConfigSchema = z.strictObject({
  endpoints: z.record(z.string(), endpointFileConfigSchema).optional(),
  serverFileSizeLimit: megabytes.optional(),
  avatarSizeLimit: megabytes.optional(),
  fileTokenLimit: z.number().int().positive().optional(),
  imageGeneration: z
    .strictObject({
      percentage: z.number().min(0, 'must be 0 to 100').max(100, 'must be 0 to 100').optional(),
      px: z.number().int().positive().optional(),
    })
    .optional(),
  clientImageResize: z
    .strictObject({
      enabled: z.boolean().optional(),
      maxWidth: z.number().int().positive().optional(),
      maxHeight: z.number().int().positive().optional(),
      quality: z.number().min(0, 'must be 0 to 1').max(1, 'must be 0 to 1').optional(),
    })
    .optional(),
  ocr: z.strictObject({ supportedMimeTypes: mimePatterns.optional() }).optional(),
  text: z.strictObject({ supportedMimeTypes: mimePatterns.optional() }).optional(),
  stt: z.strictObject({ supportedMimeTypes: mimePatterns.optional() }).optional(),
});
export type FileConfigYaml = z.infer<typeof fileConfigSchema>;

/** `fileConfig`: acted on by the upload routes and `GET /api/files/config`. */
export const fileConfigSection = implemented(fileConfigSchema);
