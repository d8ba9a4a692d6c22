import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error.ts';

export const NUL_MESSAGE = 'Invalid input: text must not contain NUL characters';

/** True when any string (key or value) in `value` holds U+0000. Iterative: bodies may nest deeply. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000: such a string reaching a query is a database error, i.e.
 * a 500. Refusing it once for every route (params, query, JSON body) keeps every route's
 * malformed input a 400, including routes added later.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest(NUL_MESSAGE);
    }
  });
}
