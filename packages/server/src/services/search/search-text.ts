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

const CONFIG = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);

/**
 * A word being typed matches as a prefix from this many characters on. One or two letters start
 * a large share of all words: on a big history such a prefix matches most messages, which costs
 * far more to collect than the few hundred that are ranked, and finds nothing in particular;
 * until then the word is matched whole.
 */
export const MIN_PREFIX_LENGTH = 3;

/**
 * The query of a search box, as people type into it: `websearch_to_tsquery` (quoted phrases, `or`,
 * `-word`) for what is typed, except that the last word, still being typed, matches as a prefix
 * (`sto` finds "story") once it has MIN_PREFIX_LENGTH characters. Both kinds of term are answered
 * by the GIN index.
 */
export function tsQuery(search: string): SQL {
  const typing = wordBeingTyped(search);
  if (!typing || typing.word.length < MIN_PREFIX_LENGTH)
    return sql`websearch_to_tsquery(${CONFIG}, ${search})`;
  const prefix = prefixQuery(typing.word);
  return typing.before.trim() === ''
    ? prefix
    : sql`(websearch_to_tsquery(${CONFIG}, ${typing.before}) && ${prefix})`;
}

/**
 * A prefix term. The stored lexemes are stemmed ("story" is stored as `stori`), so the prefix is
 * stemmed the same way: `stori:*` for "storie". A word the configuration drops as a stop word
 * ("when") would leave no term at all, and the results would vanish between "whe" and "whene";
 * its unstemmed prefix is used instead. `word` holds only letters and digits (see
 * wordBeingTyped), so it cannot break out of the quoted lexeme.
 */
function prefixQuery(word: string): SQL {
  const term = `'${word.toLowerCase()}':*`;
  // Written out twice rather than in a subquery: a plain expression of constants is folded
  // before planning, so the planner estimates how many rows the term matches.
  return sql`(case when numnode(to_tsquery(${CONFIG}, ${term})) = 0
    then to_tsquery('simple'::regconfig, ${term}) else to_tsquery(${CONFIG}, ${term}) end)`;
}

/**
 * The word at the very end of the search, which the person may still be typing: letters and
 * digits at the end, after a space or at the start. Not after a closing quote, not inside an
 * open quoted phrase (a phrase is matched as typed), not a `-word` (an exclusion is exact), not
 * right after `or` (joined to the words before with "and", the alternative would be lost).
 */
export function wordBeingTyped(search: string): { before: string; word: string } | undefined {
  const match = /(?:^|\s)([\p{L}\p{N}]+)$/u.exec(search);
  if (!match) return undefined;
  const word = match[1]!;
  const before = search.slice(0, search.length - word.length);
  if ((before.match(/"/g)?.length ?? 0) % 2 === 1) return undefined;
  if (word.toLowerCase() === 'or' || /(?:^|\s)or\s+$/i.test(before)) return undefined;
  return { before, word };
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
