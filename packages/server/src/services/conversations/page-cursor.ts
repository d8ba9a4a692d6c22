import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../http/http-error.ts';

/**
 * Keyset paging shared by the conversation and message lists. A page is ordered by (sort column,
 * id); the cursor carries the last row's pair, so rows inserted meanwhile never shift a later page
 * (unlike OFFSET paging). The cursor is opaque to clients: base64url of a small JSON object that
 * also names the ordering it belongs to, so a cursor reused with another ordering is refused.
 */
export interface PageCursor {
  /** The ordering, e.g. "updatedAt:desc". */
  order: string;
  /** The sort column's value of the last row (timestamps as UTC ISO text with microseconds). */
  value: string;
  id: string;
}

const cursorShape = z.object({
  o: z.string().max(64),
  v: z.string().max(1000),
  i: z.string().min(1).max(200),
});

/** Microsecond-precision UTC text: Postgres keeps microseconds, a JS Date only milliseconds. */
const TIMESTAMP_TEXT = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(\d{3})Z$/;

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify({ o: cursor.order, v: cursor.value, i: cursor.id })).toString(
    'base64url',
  );
}

function isValidTimestampText(value: string): boolean {
  const match = TIMESTAMP_TEXT.exec(value);
  if (!match || Number(match[1]) < 1000) return false;
  const millis = value.slice(0, 23) + 'Z';
  // A round trip rejects impossible dates such as Feb 30 that Date would roll over.
  const date = new Date(millis);
  return !Number.isNaN(date.getTime()) && date.toISOString() === millis;
}

/** Decodes a client's cursor for `order`; anything malformed or foreign is a 400. */
export function decodeCursor(raw: string, order: string, kind: 'timestamp' | 'text'): PageCursor {
  const invalid = () => badRequest('Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const result = cursorShape.safeParse(parsed);
  if (!result.success || result.data.o !== order) throw invalid();
  if (kind === 'timestamp' && !isValidTimestampText(result.data.v)) throw invalid();
  return { order, value: result.data.v, id: result.data.i };
}

/** Selects a timestamp column as the cursor's exact UTC text. */
export function timestampCursorValue(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows strictly after the cursor in the list's direction: `(sort, id) < / > (value, id)`. */
export function afterCursor(
  sortColumn: AnyColumn,
  idColumn: AnyColumn,
  cursor: PageCursor,
  direction: 'asc' | 'desc',
  kind: 'timestamp' | 'text',
): SQL {
  const value = kind === 'timestamp' ? sql`${cursor.value}::timestamptz` : sql`${cursor.value}::text`;
  return direction === 'desc'
    ? sql`(${sortColumn}, ${idColumn}) < (${value}, ${cursor.id}::text)`
    : sql`(${sortColumn}, ${idColumn}) > (${value}, ${cursor.id}::text)`;
}

/** `%`, `_` and `\` match themselves in an ILIKE pattern built from user text. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
