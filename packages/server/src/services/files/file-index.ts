import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fileChunks, files, type FileRow } from '../../db/schema/index.ts';
import type { BlobStore } from './blob-store.ts';
import { chunkSpans, pageAt } from './chunk-text.ts';
import { documentText } from './document-text.ts';
import type { FileEmbeddings, VectorIndexing } from './file-embeddings.ts';

/** Rows per insert: well under PostgreSQL's 65,535 parameters (6 per row). */
const INSERT_BATCH = 500;

/** What indexing a file did: its chunk count, and its vectors when embeddings are configured. */
export interface FileIndexing {
  chunks: number;
  /** Absent when no embeddings provider is configured (or the file has no text). */
  vectors?: VectorIndexing;
}

/**
 * Makes a document searchable: its text is chunked (a PDF's chunks remember their page) and stored
 * with the full-text index, and the file is marked `embedded`. With an embeddings provider, the
 * chunks then get their vectors; a provider that fails leaves the file searchable by full text
 * (still `embedded`) and the answer says why. Files without readable text stay as they are.
 */
export async function indexFile(
  db: Database,
  store: BlobStore,
  row: FileRow,
  embeddings?: FileEmbeddings,
): Promise<FileIndexing> {
  const document = await documentText(store, row.storageKey, row.type, row.bytes);
  if (document === null) return { chunks: 0 };
  const { pageStarts } = document;
  const chunks = chunkSpans(document.text);
  await db.transaction(async (tx) => {
    await tx.delete(fileChunks).where(eq(fileChunks.fileId, row.fileId));
    for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
      await tx.insert(fileChunks).values(
        chunks.slice(i, i + INSERT_BATCH).map((chunk, j) => ({
          fileId: row.fileId,
          userId: row.userId,
          position: i + j,
          page: pageStarts ? pageAt(pageStarts, chunk.start) : null,
          lastPage: pageStarts ? pageAt(pageStarts, chunk.start + chunk.text.length - 1) : null,
          text: chunk.text,
        })),
      );
    }
    await tx
      .update(files)
      .set({ embedded: chunks.length > 0, updatedAt: new Date() })
      .where(and(eq(files.fileId, row.fileId), eq(files.userId, row.userId)));
  });
  if (!embeddings || chunks.length === 0) return { chunks: chunks.length };
  const texts = chunks.map((chunk) => chunk.text);
  return { chunks: chunks.length, vectors: await embeddings.indexChunks(db, row.userId, row.fileId, texts) };
}
