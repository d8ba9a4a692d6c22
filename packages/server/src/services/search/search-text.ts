import { sql, type SQL } from 'drizzle-orm';

/**
 * The text-search configuration of the generated columns (migration 0004). Queries must use the
 * same one, or their lexemes would not match the stored ones.
 */
export const SEARCH_CONFIG = 'english';

/**
 * Relevance is computed for at most this many of the newest matches. A common word can match a
 * large share of a big history; ranking every match would cost time proportional to all of them,
 * while the newest few hundred are what a person searching is looking for.
 */
export const SEARCH_CANDIDATES = 1000;

/** A title hit counts this many times a message hit of the same rank. */
export const TITLE_WEIGHT = 2;

/** `websearch_to_tsquery`: quoted phrases, `or`, and `-word` as people type them in a search box. */
export function tsQuery(search: string): SQL {
  return sql`websearch_to_tsquery(${sql.raw(`'${SEARCH_CONFIG}'`)}, ${search})`;
}

/** Rows of a raw query: both drivers (PGlite and node-postgres) answer `{rows}`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
