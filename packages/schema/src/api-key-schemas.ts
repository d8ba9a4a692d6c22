import { z } from 'zod';
import { MAX_API_KEY_NAME_LENGTH } from './api-keys.ts';

/** `POST /api/api-keys`: a name, and optionally when the key stops working (a future date). */
export const createApiKeySchema = z
  .object({
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(MAX_API_KEY_NAME_LENGTH, `name must be at most ${MAX_API_KEY_NAME_LENGTH} characters`),
    expiresAt: z
      .union([z.string().max(64), z.null()])
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === null) return null;
        const time = Date.parse(value);
        if (Number.isNaN(time)) {
          ctx.addIssue({ code: 'custom', message: 'expiresAt must be a date' });
          return z.NEVER;
        }
        if (time <= Date.now()) {
          ctx.addIssue({ code: 'custom', message: 'expiresAt must be in the future' });
          return z.NEVER;
        }
        return new Date(time);
      }),
  })
  .strict();
export type CreateApiKeyBody = z.infer<typeof createApiKeySchema>;

/** `DELETE /api/api-keys/{id}`. */
export const apiKeyIdParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });
