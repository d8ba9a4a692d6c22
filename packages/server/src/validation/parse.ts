import type { z } from 'zod';
import { AppError } from '../errors/app-error.ts';

/**
 * Parses request data with a schema from @parley/schema; bad input becomes a 400 listing what
 * was wrong. `where` names the part of the request (body, query, params) in the message. The
 * routes parse requests with it and the services the parts of a request they resolve (a chat's
 * parameters), so it sits below both.
 */
export function parse<S extends z.ZodType>(schema: S, data: unknown, where = 'body'): z.infer<S> {
  const result = schema.safeParse(data ?? (where === 'body' ? {} : data));
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = issues[0];
  const message = first
    ? first.path
      ? `Invalid ${where}: ${first.path}: ${first.message}`
      : `Invalid ${where}: ${first.message}`
    : `Invalid ${where}`;
  throw new AppError('bad_request', message, { issues });
}
