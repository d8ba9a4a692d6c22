import { badRequest } from '../../http/http-error.ts';
import { decodeCursor, encodeCursor } from '../conversations/page-cursor.ts';

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
const RANK_TEXT = /^-?\d+(\.\d+)?(e-?\d+)?$/i;
const AT_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeSearchCursor(cursor: SearchCursor): string {
  return encodeCursor({ order: ORDER, value: `${cursor.rank}|${cursor.at}`, id: cursor.id });
}

/** A cursor from a previous search page; anything else (a list cursor included) is a 400. */
export function decodeSearchCursor(raw: string): SearchCursor {
  const { value, id } = decodeCursor(raw, ORDER, 'text');
  const [rank, at, extra] = value.split('|');
  const validAt = at !== undefined && AT_TEXT.test(at) && !Number.isNaN(Date.parse(at.slice(0, 23) + 'Z'));
  if (extra !== undefined || !rank || !RANK_TEXT.test(rank) || !validAt) {
    throw badRequest('Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
  }
  return { rank, at: at!, id };
}
