import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fileChunks, files, type FileRow } from '../../db/schema/index.ts';
import type { BlobStore } from './blob-store.ts';
import { chunkText } from './chunk-text.ts';
import { documentText } from './document-text.ts';

/** Rows per insert: well under PostgreSQL's 65,535 parameters (4 per row). */
const INSERT_BATCH = 500;

/**
 * Makes a document searchable: its text is chunked and stored with the full-text index, and the
 * file is marked `embedded`. Files without readable text stay as they are. Returns the chunk count.
 */
export async function indexFile(db: Database, store: BlobStore, row: FileRow): Promise<number> {
  const text = await documentText(store, row.storageKey, row.type, row.bytes);
  if (text === null) return 0;
  const chunks = chunkText(text);
  await db.transaction(async (tx) => {
    await tx.delete(fileChunks).where(eq(fileChunks.fileId, row.fileId));
    for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
      await tx.insert(fileChunks).values(
        chunks.slice(i, i + INSERT_BATCH).map((chunk, j) => ({
          fileId: row.fileId,
          userId: row.userId,
          position: i + j,
          text: chunk,
        })),
      );
    }
    await tx
      .update(files)
      .set({ embedded: chunks.length > 0, updatedAt: new Date() })
      .where(and(eq(files.fileId, row.fileId), eq(files.userId, row.userId)));
  });
  return chunks.length;
}
