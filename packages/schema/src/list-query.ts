import { z } from 'zod';

/** Paging limits shared by the conversation and message lists. */
export const LIST_PAGE_SIZE = { default: 25, max: 100 } as const;
/** Longest accepted search text and opaque cursor (they travel in the query string). */
export const LIST_SEARCH_MAX = 500;
export const LIST_CURSOR_MAX = 2048;

/** `pageSize` from the query string: an integer from 1 to 100, 25 when absent. */
export const pageSizeQuery = z.coerce
  .number({ error: 'pageSize must be a number' })
  .int('pageSize must be an integer')
  .min(1, 'pageSize must be at least 1')
  .max(LIST_PAGE_SIZE.max, `pageSize must be at most ${LIST_PAGE_SIZE.max}`)
  .default(LIST_PAGE_SIZE.default);

export const sortDirectionQuery = z.enum(['asc', 'desc']).default('desc');
export type SortDirection = z.infer<typeof sortDirectionQuery>;

/** An opaque cursor from a previous page; empty means the first page. */
export const cursorQuery = z
  .string()
  .max(LIST_CURSOR_MAX, 'cursor is too long')
  .optional()
  .transform((v) => (v ? v : undefined));

/** Search text: trimmed; blank means no search. */
export const searchQuery = z
  .string()
  .max(LIST_SEARCH_MAX, `search must be at most ${LIST_SEARCH_MAX} characters`)
  .optional()
  .transform((v) => v?.trim() || undefined);

/** A boolean in the query string: only "true" and "false". */
export const booleanQuery = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((v) => v === 'true');

/** Ids of conversations and messages as they appear in paths and bodies. */
export const entityId = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(200, `${name} is too long`);
