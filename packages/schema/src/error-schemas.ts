import { z } from 'zod';
import { ERROR_CODES, LIMIT_TYPES } from './errors.ts';

// The zod forms of the error catalogue live apart from the plain lists in errors.ts: the web's
// first page switches on codes and would otherwise load zod for schemas it never runs.

export const errorCodeSchema = z.enum(ERROR_CODES);

/**
 * Every error answer of the API has this shape: a readable message, the code to switch on, the
 * failed fields of a validation error; some codes add details (a limit's `type`, `retryAfter`
 * seconds, `limit`, `max`, `windowInMinutes`), which stay allowed as further fields.
 */
export const apiErrorSchema = z.looseObject({
  message: z.string(),
  code: errorCodeSchema.optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  type: z.enum(LIMIT_TYPES).optional(),
  retryAfter: z.number().optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
