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

type HitRow = {
  file_id: string;
  filename: string;
  position: number;
  page: number | null;
  last_page: number | null;
  text: string;
  score: number;
};

const toHit = (r: HitRow): FileSearchHit => ({
  fileId: r.file_id,
  filename: r.filename,
  position: Number(r.position),
  page: r.page === null ? null : Number(r.page),
  lastPage: r.last_page === null ? null : Number(r.last_page),
  text: r.text,
  score: Number(r.score),
});

/**
 * Searches the caller's own files among `fileIds`. Full text always: `websearch_to_tsquery`
 * (quotes, `or`, `-word`) on the chunks' GIN-indexed vectors. With `queryVector` (an embeddings
 * provider answered for the query) the passages nearest to it by cosine distance (the HNSW index)
 * are a second list, and both are fused by reciprocal rank, so a passage that says the same thing
 * in other words is found too, while exact words still count. Another user's file id finds nothing
 * because every chunk is filtered by the caller's id.
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
  const ids = sql.join(
    fileIds.map((id) => sql`${id}`),
    sql`, `,
  );
  if (queryVector) return hybridSearch(db, userId, ids, query, limit, queryVector);
  const result = await db.execute(sql`
    select c.file_id, f.filename, c.position, c.page, c.last_page, c.text,
           ts_rank_cd(c.search_vector, q.query)::float8 as score
    from file_chunks c
    join files f on f.file_id = c.file_id and f.user_id = c.user_id,
         websearch_to_tsquery('english', ${query}) as q(query)
    where c.user_id = ${userId}
      and c.file_id in (${ids})
      and c.search_vector @@ q.query
    order by score desc, c.file_id, c.position
    limit ${limit}`);
  return rowsOf<HitRow>(result).map(toHit);
}

async function hybridSearch(
  db: Database,
  userId: string,
  ids: SQL,
  query: string,
  limit: number,
  queryVector: number[],
): Promise<FileSearchHit[]> {
  const vector = vectorLiteral(queryVector);
  return db.transaction(async (tx) => {
    // An HNSW scan filtered by user and file would otherwise stop after its first candidates
    // (ef_search) and could find none of the caller's chunks; iterative scans go on until enough
    // rows pass the filter.
    await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`);
    const result = await tx.execute(sql`
      with text_hits as (
        select c.file_id, c.position,
               row_number() over (order by ts_rank_cd(c.search_vector, q.query) desc, c.file_id, c.position) as rank
        from file_chunks c, websearch_to_tsquery('english', ${query}) as q(query)
        where c.user_id = ${userId} and c.file_id in (${ids}) and c.search_vector @@ q.query
        order by rank
        limit ${CANDIDATES_PER_LIST}
      ), nearest as (
        select c.file_id, c.position, c.embedding <=> ${vector}::vector as distance
        from file_chunks c
        where c.user_id = ${userId} and c.file_id in (${ids}) and c.embedding is not null
        order by distance
        limit ${CANDIDATES_PER_LIST}
      ), vector_hits as (
        select file_id, position, row_number() over (order by distance, file_id, position) as rank
        from nearest
      ), fused as (
        select file_id, position, sum(1.0 / (${RRF_K} + rank))::float8 as score
        from (select * from text_hits union all select * from vector_hits) as ranked
        group by file_id, position
      )
      select c.file_id, f.filename, c.position, c.page, c.last_page, c.text, fused.score
      from fused
      join file_chunks c on c.file_id = fused.file_id and c.position = fused.position and c.user_id = ${userId}
      join files f on f.file_id = c.file_id and f.user_id = c.user_id
      order by fused.score desc, c.file_id, c.position
      limit ${limit}`);
    return rowsOf<HitRow>(result).map(toHit);
  });
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
