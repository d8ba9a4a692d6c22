import { hasLoneSurrogate, toWellFormed } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors/app-error.ts';

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
 * `value` with every lone UTF-16 surrogate in its strings and keys replaced by U+FFFD. Objects
 * and arrays are repaired in place (the parsed request is ours); a string is returned anew.
 * Iterative: bodies may nest deeply.
 */
export function repairLoneSurrogates<T>(value: T): T {
  if (typeof value === 'string') return toWellFormed(value) as T;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item === null || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (typeof child === 'string') {
        if (hasLoneSurrogate(child)) record[key] = toWellFormed(child);
      } else if (child !== null && typeof child === 'object') pending.push(child);
      if (!Array.isArray(record) && hasLoneSurrogate(key)) {
        record[toWellFormed(key)] = record[key];
        delete record[key];
      }
    }
  }
  return value;
}

/**
 * Text the database cannot store, decided once for every route (params, query, JSON body),
 * including routes added later:
 * - U+0000 (PostgreSQL text refuses it) is a 400;
 * - a lone UTF-16 surrogate (jsonb refuses it; text would silently turn it into U+FFFD) is
 *   replaced by U+FFFD here, so a message holding one is saved rather than lost.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest(NUL_MESSAGE);
    }
    repairLoneSurrogates(request.params);
    repairLoneSurrogates(request.query);
    request.body = repairLoneSurrogates(request.body);
  });
}
