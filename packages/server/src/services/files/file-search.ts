import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { vectorLiteral } from './chunk-vectors.ts';

/** The rows of a raw query's answer (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** One passage found by file search, with what a citation needs. */
export interface FileSearchHit {
  fileId: string;
  filename: string;
  /** The chunk's place in its document, from 0. */
  position: number;
  /** The PDF page the passage starts on, from 1; null for documents without pages. */
  page: number | null;
  /** The PDF page it ends on (the same page, or a later one when it runs over a page break). */
  lastPage: number | null;
  text: string;
  /** Full-text rank, or the fused score of a hybrid search (higher is better). */
  score: number;
}

/** Passages returned per search when the caller names no number. */
export const FILE_SEARCH_LIMIT = 8;

/**
 * Reciprocal rank fusion's constant: a passage scores 1 / (RRF_K + its rank) in each list it is
 * in. 60 is the value the method was published with; it keeps one list's top hit from outweighing
 * a passage that both lists rank well.
 */
export const RRF_K = 60;
/** Candidates taken from each list before fusing: enough for the fused top results to be stable. */
const CANDIDATES_PER_LIST = 50;

/**
 * Full-text matches ranked per search, at most. The GIN index finds every chunk holding the query's
 * words at little cost, but ranking one means reading its row and its stored vector, which for a
 * common word is most of a large collection (a word in 8% of 100,000 chunks took about a second
 * on the embedded database, about 50 µs a chunk). Ranking only the first matches the index gives
 * bounds that work. A word that common says little about which passage is meant; a query of
 * several words narrows the matches (all must appear), and is far more often ranked in full.
 * Measured with bench/file-search.bench.ts.
 */
export const TEXT_CANDIDATES = 200;

/** A passage's place and score, before its text is read. */
type Ranked = { file_id: string; position: number; score: number };

type HitRow = {
  file_id: string;
  filename: string;
  position: number;
  page: number | null;
  last_page: number | null;
  text: string;
};

/** The caller's file ids as an SQL list. */
const idList = (fileIds: string[]) =>
  sql.join(
    fileIds.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Searches the caller's own files among `fileIds`. Full text always, on the chunks' GIN-indexed
 * vectors: passages holding the most of the query's words first (see rankedText), so a question
 * finds a passage that shares only some of its words. With `queryVector` (an embeddings provider answered for the query) the passages nearest
 * to it by cosine distance (the HNSW index) are a second list, and both are fused by reciprocal
 * rank, so a passage that says the same thing in other words is found too, while exact words
 * still count. Another user's file id finds nothing because every chunk is filtered by the
 * caller's id.
 */
export async function searchFiles(
  db: Database,
  userId: string,
  fileIds: string[],
  query: string,
  limit = FILE_SEARCH_LIMIT,
  queryVector?: number[] | null,
): Promise<FileSearchHit[]> {
  if (fileIds.length === 0 || !query.trim()) return [];
  const ids = idList(fileIds);
  return db.transaction(async (tx) => {
    if (!queryVector) return withText(tx, userId, await rankedText(tx, userId, ids, query, limit));
    const text = await rankedText(tx, userId, ids, query, CANDIDATES_PER_LIST);
    const nearest = await nearestVectors(tx, userId, ids, queryVector);
    return withText(tx, userId, fuseByRank([text, nearest]).slice(0, limit));
  });
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The best `take` full-text matches, ranked by how many of the question's words a passage holds,
 * then by cover density. People ask in sentences ("How many zebras did the herd count?") whose
 * words a passage only partly repeats, so requiring every word would miss it; matching any word
 * would instead let common words crowd it out of the ranked candidates. The search therefore goes
 * in tiers, each run only while fewer than `take` passages were found: every word (the query as
 * typed, with its quotes, `or` and `-word`), then every word but one, then any word. A query using
 * that syntax keeps its meaning and has no later tiers.
 */
async function rankedText(
  tx: Transaction,
  userId: string,
  ids: SQL,
  query: string,
  take: number,
): Promise<Ranked[]> {
  const lexemes = await queryLexemes(tx, query);
  if (lexemes.length === 0) return [];
  const syntax = SEARCH_SYNTAX.test(query);
  const strict = sql`websearch_to_tsquery('english'::regconfig, ${query})`;
  const tiers: (SQL | (() => Promise<SQL | null>))[] = syntax
    ? [strict]
    : [strict, ...relaxedTiers(lexemes, () => rarerLexemes(tx, userId, ids, lexemes))];
  const ranking = syntax ? strict : anyOf(lexemes);
  const coverage = syntax ? sql`0` : coverageOf(lexemes);
  const found = new Map<string, Ranked>();
  // set_config(…, true) is SET LOCAL, and one statement can set both (a round trip fewer each).
  await tx.execute(
    sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
  );
  for (const next of tiers) {
    const tier = typeof next === 'function' ? await next() : next;
    if (!tier) continue;
    for (const hit of await tierMatches(tx, userId, ids, { tier, ranking, coverage, take })) {
      const key = `${hit.file_id}\u0000${hit.position}`;
      if (!found.has(key)) found.set(key, hit);
    }
    if (found.size >= take) break;
  }
  await tx.execute(
    sql`select set_config('enable_seqscan', 'on', true), set_config('enable_indexscan', 'on', true)`,
  );
  return [...found.values()].sort(byScoreThenPlace).slice(0, take);
}

/** Quotes, `-word` or a lone `or`: the person used websearch syntax, which is kept as typed. */
const SEARCH_SYNTAX = /"|(?:^|\s)-\S|(?:^|\s)or(?:\s|$)/i;
/** Above this many words, "all but one" would be a long query of its own; any word is next. */
const MAX_ALL_BUT_ONE = 8;

/** The query's lexemes as the English configuration makes them (stop words gone, words stemmed). */
async function queryLexemes(tx: Transaction, query: string): Promise<string[]> {
  const result = await tx.execute(
    sql`select tsvector_to_array(to_tsvector('english'::regconfig, ${query})) as lexemes`,
  );
  return rowsOf<{ lexemes: string[] | null }>(result)[0]?.lexemes ?? [];
}

/** One lexeme as tsquery text: quoted, so its characters are never read as operators. */
const quoted = (lexeme: string) => `'${lexeme.replaceAll("'", "''")}'`;
/** A tsquery from text that is already lexemes: cast, not parsed again by a configuration. */
const tsquery = (text: string) => sql`${text}::tsquery`;
const anyOf = (lexemes: string[]) => tsquery(lexemes.map(quoted).join(' | '));

/**
 * The tiers after "every word": every word but one (from three words on), then any of the rarer
 * words (worked out only if the search gets that far), then any word.
 */
function relaxedTiers(
  lexemes: string[],
  rarer: () => Promise<string[]>,
): (SQL | (() => Promise<SQL | null>))[] {
  if (lexemes.length < 2) return [];
  const anyRarer = async () => {
    const words = await rarer();
    return words.length > 0 && words.length < lexemes.length ? anyOf(words) : null;
  };
  const allButOne =
    lexemes.length >= 3 && lexemes.length <= MAX_ALL_BUT_ONE
      ? [
          tsquery(
            lexemes
              .map(
                (_, skip) =>
                  `(${lexemes
                    .filter((_, i) => i !== skip)
                    .map(quoted)
                    .join(' & ')})`,
              )
              .join(' | '),
          ),
        ]
      : [];
  return [...allButOne, anyRarer, anyOf(lexemes)];
}

/**
 * The query's words found in at most TEXT_CANDIDATES of the searched chunks. The "any word" tier
 * ranks only the first TEXT_CANDIDATES chunks the index gives, in no order; when every document
 * shares the question's common words ("storm", "flooded", "shed" in every report of a set), those
 * crowd out the one passage that also holds its rare ones (a place's name). Matching any rarer word
 * first reads few chunks, all of them ranked. Each count stops one past the bound, read through the
 * GIN index like the tiers.
 */
async function rarerLexemes(tx: Transaction, userId: string, ids: SQL, lexemes: string[]): Promise<string[]> {
  const counts = sql.join(
    lexemes.map(
      (l) => sql`(select count(*) from (
        select 1 from file_chunks c
        where c.user_id = ${userId} and c.file_id in (${ids}) and c.search_vector @@ ${tsquery(quoted(l))}
        limit ${TEXT_CANDIDATES + 1}) m)::int`,
    ),
    sql`, `,
  );
  const result = await tx.execute(sql`select array[${counts}] as counts`);
  const found = rowsOf<{ counts: number[] }>(result)[0]?.counts ?? [];
  return lexemes.filter((_, i) => {
    const count = Number(found[i] ?? 0);
    return count > 0 && count <= TEXT_CANDIDATES;
  });
}

/** How many of the lexemes a chunk holds (each one checked against its indexed vector). */
const coverageOf = (lexemes: string[]) =>
  sql.join(
    lexemes.map((l) => sql`(c.search_vector @@ ${tsquery(quoted(l))})::int`),
    sql` + `,
  );

/**
 * The best `take` of one tier's first TEXT_CANDIDATES matches: the words held, plus cover density
 * scaled below 1 (so holding one more word always counts for more). The matches are read through
 * bitmap scans only: with a LIMIT the planner would otherwise walk the whole table, or every chunk
 * of the caller's, in order until enough rows matched, which for a rare word is all of them. A
 * bitmap scan of the GIN index (or of it and the file index together, when a few files of many
 * are searched) reads only matching rows, and stops at the limit.
 */
async function tierMatches(
  tx: Transaction,
  userId: string,
  ids: SQL,
  q: { tier: SQL; ranking: SQL; coverage: SQL; take: number },
): Promise<Ranked[]> {
  const result = await tx.execute(sql`
    with candidates as materialized (
      select c.file_id, c.position, c.search_vector
      from file_chunks c
      where c.user_id = ${userId} and c.file_id in (${ids}) and c.search_vector @@ ${q.tier}
      limit ${TEXT_CANDIDATES}
    )
    select c.file_id, c.position,
      (${q.coverage} + ts_rank_cd(c.search_vector, ${q.ranking}, 32))::float8 as score
    from candidates c
    order by score desc, file_id, position
    limit ${q.take}`);
  return rowsOf<Ranked>(result);
}

/** The CANDIDATES_PER_LIST chunks nearest to the query's vector, nearest first, scored by rank. */
async function nearestVectors(
  tx: Transaction,
  userId: string,
  ids: SQL,
  queryVector: number[],
): Promise<Ranked[]> {
  // An HNSW scan filtered by user and file would otherwise stop after its first candidates
  // (ef_search) and could find none of the caller's chunks; iterative scans go on until enough
  // rows pass the filter.
  await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`);
  const result = await tx.execute(sql`
    with nearest as (
      select c.file_id, c.position, c.embedding <=> ${vectorLiteral(queryVector)}::vector as distance
      from file_chunks c
      where c.user_id = ${userId} and c.file_id in (${ids}) and c.embedding is not null
      order by distance
      limit ${CANDIDATES_PER_LIST}
    )
    select file_id, position, distance::float8 as score from nearest
    order by distance, file_id, position`);
  return rowsOf<Ranked>(result);
}

const byScoreThenPlace = (a: Ranked, b: Ranked) =>
  b.score - a.score ||
  (a.file_id < b.file_id ? -1 : a.file_id > b.file_id ? 1 : 0) ||
  Number(a.position) - Number(b.position);

/**
 * Reciprocal rank fusion: each passage scores the sum of 1 / (RRF_K + its rank) over the lists
 * (ranked best first) it is in; the best fused score first.
 */
export function fuseByRank(lists: Ranked[][]): Ranked[] {
  const fused = new Map<string, Ranked>();
  for (const list of lists) {
    list.forEach((hit, i) => {
      const key = `${hit.file_id}\u0000${hit.position}`;
      const entry = fused.get(key) ?? { file_id: hit.file_id, position: Number(hit.position), score: 0 };
      entry.score += 1 / (RRF_K + i + 1);
      fused.set(key, entry);
    });
  }
  return [...fused.values()].sort(byScoreThenPlace);
}

/** The ranked passages with their text and file name, in the order given. */
async function withText(tx: Transaction, userId: string, ranked: Ranked[]): Promise<FileSearchHit[]> {
  if (ranked.length === 0) return [];
  const wanted = JSON.stringify(ranked.map((r, i) => ({ file_id: r.file_id, position: r.position, i })));
  const result = await tx.execute(sql`
    select c.file_id, f.filename, c.position, c.page, c.last_page, c.text
    from jsonb_to_recordset(${wanted}::jsonb) as w(file_id text, position int, i int)
    join file_chunks c on c.file_id = w.file_id and c.position = w.position and c.user_id = ${userId}
    join files f on f.file_id = c.file_id and f.user_id = c.user_id
    order by w.i`);
  const rows = rowsOf<HitRow>(result);
  const scores = new Map(ranked.map((r) => [`${r.file_id}\u0000${r.position}`, Number(r.score)]));
  return rows.map((r) => ({
    fileId: r.file_id,
    filename: r.filename,
    position: Number(r.position),
    page: r.page === null ? null : Number(r.page),
    lastPage: r.last_page === null ? null : Number(r.last_page),
    text: r.text,
    score: scores.get(`${r.file_id}\u0000${r.position}`) ?? 0,
  }));
}

/**
 * The caller's file ids attached to a conversation: those on the caller's messages in it and
 * those uploaded for it.
 */
export async function conversationFileIds(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct f.file_id from files f
    where f.user_id = ${userId}
      and (f.conversation_id = ${conversationId}
        or f.file_id in (
          select item->>'file_id' from messages m, jsonb_array_elements(m.files) item
          where m.conversation_id = ${conversationId} and m.user_id = ${userId}
            and jsonb_typeof(m.files) = 'array'))`);
  return rowsOf<{ file_id: string }>(result).map((r) => r.file_id);
}
