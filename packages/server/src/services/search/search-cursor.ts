import { z } from 'zod';
import { cursorTimestamp, decodeCursor, encodeCursor, invalidCursor } from '../paging/page-cursor.ts';

/**
 * Keyset cursor of a search result list, ordered by (relevance, recency, id) descending. The
 * rank is carried as PostgreSQL printed it (the shortest text that reads back as the same
 * `real`), so comparing against it again is exact.
 */
export interface SearchCursor {
  rank: string;
  /** UTC timestamp text with microseconds, as `timestampCursorValue` selects it. */
  at: string;
  id: string;
}

const ORDER = 'relevance:desc';
const RANK_TEXT = /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i;
/** What PostgreSQL's `real` holds: a rank outside it would be an out-of-range error in SQL. */
const REAL_MAX = 3.4e38;
const REAL_MIN_NORMAL = 1.2e-38;

const rankText = z
  .string()
  .regex(RANK_TEXT)
  .refine((text) => {
    const size = Math.abs(Number(text));
    return size === 0 || (size >= REAL_MIN_NORMAL && size <= REAL_MAX);
  });

/** The cursor's value: `rank|at`. */
const searchValue = z
  .string()
  .transform((value) => value.split('|'))
  .pipe(z.tuple([rankText, cursorTimestamp]));

export function encodeSearchCursor(cursor: SearchCursor): string {
  return encodeCursor({ order: ORDER, value: `${cursor.rank}|${cursor.at}`, id: cursor.id });
}

/** A cursor from a previous search page; anything else (a list cursor included) is a 400. */
export function decodeSearchCursor(raw: string): SearchCursor {
  const { value, id } = decodeCursor(raw, ORDER, 'text');
  const parsed = searchValue.safeParse(value);
  if (!parsed.success) throw invalidCursor();
  const [rank, at] = parsed.data;
  return { rank, at, id };
}
