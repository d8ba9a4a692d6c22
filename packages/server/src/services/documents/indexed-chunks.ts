import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fileChunks, type FileRow } from '../../db/schema/index.ts';
import { CHUNK_OVERLAP } from '../files/chunk-text.ts';
import type { GivenPassage } from './document-prompt.ts';

/**
 * About how many characters of text a file's indexed chunks hold (their lengths less the overlap
 * between neighbours), or null when it has none. Enough to see that a large document cannot fit
 * the budget without reading it again (a 100-page PDF takes seconds in the document thread).
 */
export async function indexedChars(db: Database, row: FileRow): Promise<number | null> {
  const [sizes] = await db
    .select({ chunks: count(), chars: sql<number>`coalesce(sum(length(${fileChunks.text})), 0)::float8` })
    .from(fileChunks)
    .where(and(eq(fileChunks.fileId, row.fileId), eq(fileChunks.userId, row.userId)));
  if (!sizes || sizes.chunks === 0) return null;
  return Number(sizes.chars) - (sizes.chunks - 1) * CHUNK_OVERLAP;
}

/** A file's first indexed passages, in order: what a question that matches none of it is given. */
export async function openingPassages(db: Database, row: FileRow, limit: number): Promise<GivenPassage[]> {
  const rows = await db
    .select({
      text: fileChunks.text,
      position: fileChunks.position,
      page: fileChunks.page,
      lastPage: fileChunks.lastPage,
    })
    .from(fileChunks)
    .where(and(eq(fileChunks.fileId, row.fileId), eq(fileChunks.userId, row.userId)))
    .orderBy(asc(fileChunks.position))
    .limit(limit);
  return rows;
}
