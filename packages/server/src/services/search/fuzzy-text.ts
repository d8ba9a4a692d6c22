import { sql, type SQL } from 'drizzle-orm';

/**
 * Typo-tolerant matching (pg_trgm, migration 0025) is used only when full text finds fewer than
 * this many matches: "lisbn" finds nothing by its lexemes, and a search that already found what
 * it names should not be diluted by near-misses.
 */
export const FUZZY_BELOW = 3;

/** Shorter words ("a", "to") are left out: with one or two trigrams, they are near nearly anything. */
const MIN_WORD_LETTERS = 3;

/** A search needs a word this long to be matched fuzzily: three letters match too much alone. */
const MIN_LONGEST_WORD = 4;

/** The most words compared: each is one more index condition. */
const MAX_WORDS = 8;

/**
 * The words of a search as pg_trgm compares them: letters and digits only, lowercased, without
 * words shorter than MIN_WORD_LETTERS. None when no word is long enough to mean anything, and
 * none for a search that uses the full-text syntax (a quoted phrase, `or`, a `-word` exclusion):
 * it asks for exactly that, which a near-miss cannot honour.
 */
export function fuzzyWords(search: string): string[] | undefined {
  const tokens = search.toLowerCase().split(/\s+/);
  if (search.includes('"') || tokens.some((token) => token.startsWith('-') || token === 'or'))
    return undefined;
  const words = tokens
    .flatMap((token) => token.split(/[^\p{L}\p{N}]+/u))
    .filter((word) => [...word].length >= MIN_WORD_LETTERS)
    .slice(0, MAX_WORDS);
  return words.some((word) => [...word].length >= MIN_LONGEST_WORD) ? words : undefined;
}

/**
 * Every word is near some word of the column: `word <% column`, pg_trgm's word similarity of at
 * least word_similarity_threshold (0.6 by default; "lisbn" is 0.67 near "Lisbon"). Word by word,
 * so that a half-typed or stray word does not let the others match alone. The GIN trigram index
 * on the column (gin_trgm_ops) answers all the conditions in one scan; the similarity is computed
 * only for the rows it returns.
 */
export function fuzzyMatch(words: string[], column: SQL): SQL {
  return sql`(${sql.join(
    words.map((word) => sql`${word} <% ${column}`),
    sql` and `,
  )})`;
}

/** How well the words match the column, from 0 to 1 (1: each occurs in it as typed). */
export function fuzzyRank(words: string[], column: SQL): SQL {
  return sql`((${sql.join(
    words.map((word) => sql`word_similarity(${word}, ${column})`),
    sql` + `,
  )}) / ${words.length})`;
}
