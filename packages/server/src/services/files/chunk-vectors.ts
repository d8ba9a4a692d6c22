import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fileChunks, type NewFileChunk } from '../../db/schema/index.ts';

/** The rows of a raw query's answer (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Whether chunks can carry vectors here, and why not when they cannot. */
export type VectorSupport = { available: true } | { available: false; reason: string };

/**
 * Gives `file_chunks` an `embedding vector(dimensions)` column with an HNSW index (cosine
 * distance), creating the pgvector extension first. The embedded database always has pgvector; a
 * PostgreSQL server may not (Debian's packages have none), and then file search stays full-text
 * only: the answer says why, and nothing fails. A column of another width (the model changed) is
 * dropped with its vectors, which the new model's could not be compared with; the files it held
 * are searched by full text until they are indexed again.
 */
export async function prepareChunkVectors(
  db: Database,
  kind: 'pglite' | 'postgres',
  dimensions: number,
): Promise<VectorSupport> {
  if (kind === 'postgres') {
    const offered = rowsOf<{ name: string }>(
      await db.execute(sql`select name from pg_available_extensions where name = 'vector'`),
    );
    if (offered.length === 0)
      return { available: false, reason: 'the PostgreSQL server has no pgvector extension installed' };
  }
  try {
    await db.execute(sql`create extension if not exists vector`);
  } catch (err) {
    return { available: false, reason: `pgvector could not be enabled: ${(err as Error).message}` };
  }
  const wanted = `vector(${dimensions})`;
  const existing = rowsOf<{ type: string }>(
    await db.execute(sql`
      select format_type(atttypid, atttypmod) as type from pg_attribute
      where attrelid = 'file_chunks'::regclass and attname = 'embedding' and not attisdropped`),
  )[0]?.type;
  if (existing !== undefined && existing !== wanted) {
    await db.execute(sql`alter table file_chunks drop column embedding`);
  }
  await db.execute(sql.raw(`alter table file_chunks add column if not exists embedding ${wanted}`));
  await db.execute(
    sql`create index if not exists file_chunks_embedding_idx on file_chunks using hnsw (embedding vector_cosine_ops)`,
  );
  return { available: true };
}

/** pgvector's text form of a vector: `[0.1,0.2,…]`. */
export const vectorLiteral = (vector: number[]) => `[${vector.join(',')}]`;

/** Rows per insert: 7 parameters each, well under PostgreSQL's 65,535. */
const INSERT_BATCH = 500;

/**
 * Inserts a file's chunks, the i-th with `vectors[i]` when vectors are given. A chunk's vector is
 * written with its row, never added by an update afterwards: an update leaves the old version of
 * every row behind, in the table and in the GIN index, until a vacuum, so each search read twice
 * the entries (on 100,000 chunks, the GIN scan of a word in 7,723 chunks returned 15,435).
 */
export async function insertChunks(
  db: Pick<Database, 'insert' | 'execute'>,
  chunks: NewFileChunk[],
  vectors?: number[][],
): Promise<void> {
  for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
    const batch = chunks.slice(i, i + INSERT_BATCH);
    if (!vectors) {
      await db.insert(fileChunks).values(batch);
      continue;
    }
    const rows = sql.join(
      batch.map(
        (c, j) =>
          sql`(${c.fileId}, ${c.userId}, ${c.position}::int, ${c.page ?? null}::int, ${c.lastPage ?? null}::int, ${c.text}, ${vectorLiteral(vectors[i + j]!)}::vector)`,
      ),
      sql`, `,
    );
    await db.execute(
      sql`insert into file_chunks (file_id, user_id, position, page, last_page, text, embedding) values ${rows}`,
    );
  }
}
