import { z } from 'zod';

/** Longest key value accepted (a JSON bundle of credentials fits easily). */
export const MAX_USER_KEY_LENGTH = 20_000;

const keyName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(200, 'name must be at most 200 characters');

/**
 * `PUT /api/keys`: the user's own key for an endpoint. `name` is the
 * endpoint's name. `value` is the key itself, or for endpoints that need more than a key a JSON
 * object (see UserKeyBundle). `expiresAt` null or absent (or "never") means it never expires.
 */
export const setUserKeySchema = z.object({
  name: keyName,
  value: z
    .string({ error: 'value is required' })
    .min(1, 'value is required')
    .max(MAX_USER_KEY_LENGTH, `value must be at most ${MAX_USER_KEY_LENGTH} characters`),
  expiresAt: z
    .union([z.string().max(64), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '' || v === 'never') return null;
      const time = Date.parse(v);
      if (Number.isNaN(time)) {
        ctx.addIssue({ code: 'custom', message: 'expiresAt must be a date' });
        return z.NEVER;
      }
      return new Date(time);
    }),
});
export type SetUserKeyBody = z.infer<typeof setUserKeySchema>;

/** `GET /api/keys?name=`. */
export const userKeyQuerySchema = z.object({ name: keyName });

/** `DELETE /api/keys?all=true`: the explicit flag guards against deleting every key by accident. */
export const deleteAllKeysQuerySchema = z.object({
  all: z.literal('true', { error: 'all=true is required to delete every key' }),
});

/**
 * `GET /api/keys?name=` answer: null when no key is set, "never" when it does not expire, else the
 * expiry as an ISO date. Never the value.
 */
export interface UserKeyExpiry {
  expiresAt: string | null;
}

/**
 * The JSON form of a key value, for endpoints that need more than one secret: a base URL
 * (`baseURL: user_provided`), AWS credentials for Bedrock. A value that is not such JSON is the
 * API key itself.
 */
export const userKeyBundleSchema = z
  .object({
    apiKey: z.string().optional(),
    baseURL: z.string().optional(),
    accessKeyId: z.string().optional(),
    secretAccessKey: z.string().optional(),
    sessionToken: z.string().optional(),
  })
  .loose();
export type UserKeyBundle = z.infer<typeof userKeyBundleSchema>;
