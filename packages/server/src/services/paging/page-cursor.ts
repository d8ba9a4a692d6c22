import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { isStorableText } from '@parley/schema';
import { z } from 'zod';
import { badRequest } from '../../errors/app-error.ts';

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

/** Microsecond-precision UTC text: Postgres keeps microseconds, a JS Date only milliseconds. */
const TIMESTAMP_TEXT = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(\d{3})Z$/;

/** A real date PostgreSQL accepts: a Feb 30 (which Date rolls over) or a year 0 never reaches SQL. */
function isValidTimestampText(value: string): boolean {
  const match = TIMESTAMP_TEXT.exec(value);
  if (!match || Number(match[1]) < 1000) return false;
  const millis = value.slice(0, 23) + 'Z';
  const date = new Date(millis);
  return !Number.isNaN(date.getTime()) && date.toISOString() === millis;
}

/** Text a cursor carries back to SQL: storable (no NUL, no lone surrogate) and bounded. */
export const cursorText = (max: number) => z.string().max(max).refine(isStorableText);
/** A timestamp value as `timestampCursorValue` selects it. */
export const cursorTimestamp = z.string().refine(isValidTimestampText);
/** Ids are the rows' own (at most 200 characters, see `entityId`). */
const cursorId = cursorText(200).pipe(z.string().min(1));

const cursorValue = { timestamp: cursorTimestamp, text: cursorText(1000) } as const;

/** The decoded JSON of a cursor for one ordering and kind of sort value. */
function cursorSchema(order: string, kind: keyof typeof cursorValue) {
  return z.object({ o: z.literal(order), v: cursorValue[kind], i: cursorId });
}

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify({ o: cursor.order, v: cursor.value, i: cursor.id })).toString(
    'base64url',
  );
}

export const invalidCursor = () =>
  badRequest('Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);

/**
 * Decodes a client's cursor for `order`. Its values go back into SQL, so the schema admits only
 * what the server itself puts there: a real date in range, bounded storable text, an id of the
 * rows' shape. Anything malformed, forged or foreign is a 400.
 */
export function decodeCursor(raw: string, order: string, kind: 'timestamp' | 'text'): PageCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = cursorSchema(order, kind).safeParse(parsed);
  if (!result.success) throw invalidCursor();
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
