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
  /**
   * The list is the typo-tolerant one (see fuzzy-text.ts), whose ranks are on another scale: the
   * next page must be asked the same way, whatever full text finds by then.
   */
  fuzzy: boolean;
}

const ORDER = 'relevance:desc';
const FUZZY_ORDER = 'similarity:desc';
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
  return encodeCursor({
    order: cursor.fuzzy ? FUZZY_ORDER : ORDER,
    value: `${cursor.rank}|${cursor.at}`,
    id: cursor.id,
  });
}

/** The ordering a cursor names, read before it is validated for that ordering. */
function orderOf(raw: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && 'o' in parsed ? String(parsed.o) : undefined;
  } catch {
    return undefined;
  }
}

/** A cursor from a previous search page; anything else (a list cursor included) is a 400. */
export function decodeSearchCursor(raw: string): SearchCursor {
  const fuzzy = orderOf(raw) === FUZZY_ORDER;
  const { value, id } = decodeCursor(raw, fuzzy ? FUZZY_ORDER : ORDER, 'text');
  const parsed = searchValue.safeParse(value);
  if (!parsed.success) throw invalidCursor();
  const [rank, at] = parsed.data;
  return { rank, at, id, fuzzy };
}
