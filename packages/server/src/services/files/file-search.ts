import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** The rows of a raw query's answer (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** One passage found by file search, with what a citation needs. */
export interface FileSearchHit {
  fileId: string;
  filename: string;
  /** The chunk's place in its document, from 0. */
  position: number;
  text: string;
  /** Full-text rank (higher is better). */
  score: number;
}

/** Passages returned per search when the caller names no number. */
export const FILE_SEARCH_LIMIT = 8;

/**
 * Full-text search over the caller's own files among `fileIds`: `websearch_to_tsquery` (quotes,
 * `or`, `-word`) on the chunks' GIN-indexed vectors, best rank first. Another user's file id finds
 * nothing because every chunk is filtered by the caller's id.
 */
export async function searchFiles(
  db: Database,
  userId: string,
  fileIds: string[],
  query: string,
  limit = FILE_SEARCH_LIMIT,
): Promise<FileSearchHit[]> {
  if (fileIds.length === 0 || !query.trim()) return [];
  const ids = sql.join(
    fileIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select c.file_id, f.filename, c.position, c.text,
           ts_rank_cd(c.search_vector, q.query)::float8 as score
    from file_chunks c
    join files f on f.file_id = c.file_id and f.user_id = c.user_id,
         websearch_to_tsquery('english', ${query}) as q(query)
    where c.user_id = ${userId}
      and c.file_id in (${ids})
      and c.search_vector @@ q.query
    order by score desc, c.file_id, c.position
    limit ${limit}`);
  return rowsOf<{ file_id: string; filename: string; position: number; text: string; score: number }>(
    result,
  ).map((r) => ({
    fileId: r.file_id,
    filename: r.filename,
    position: Number(r.position),
    text: r.text,
    score: Number(r.score),
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
