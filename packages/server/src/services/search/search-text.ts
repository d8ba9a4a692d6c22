import { sql, type SQL } from 'drizzle-orm';

/**
 * The text-search configuration of the generated columns (migration 0004). Queries must use the
 * same one, or their lexemes would not match the stored ones.
 */
export const SEARCH_CONFIG = 'english';

/**
 * Relevance is computed for at most this many of the newest matches. A common word can match a
 * large share of a big history; ranking every match would cost time proportional to all of them,
 * while the newest few hundred (a dozen pages of hits) are what a person searching is looking for.
 * Measured on 1,000,000 messages (bench/conversations-search.bench.ts): the cost of a search
 * grows with this number for words of middling frequency.
 */
export const SEARCH_CANDIDATES = 300;

/** A title hit counts this many times a message hit of the same rank. */
export const TITLE_WEIGHT = 2;

/** `websearch_to_tsquery`: quoted phrases, `or`, and `-word` as people type them in a search box. */
export function tsQuery(search: string): SQL {
  return sql`websearch_to_tsquery(${sql.raw(`'${SEARCH_CONFIG}'`)}, ${search})`;
}

/**
 * The user's conversations whose messages must never match: temporary chats and unfinished
 * imports. They are few, so `conversation_id not in (…)` is one hashed lookup per candidate,
 * much cheaper than joining every candidate to its conversation.
 */
export function hiddenConversations(userId: string): SQL {
  return sql`(select conversation_id from conversations where user_id = ${userId} and expired_at is not null
    union all
    select conversation_id from conversations where user_id = ${userId}
      and import_id in (select import_id from pending_imports where user_id = ${userId}))`;
}

/** Rows of a raw query: both drivers (PGlite and node-postgres) answer `{rows}`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
