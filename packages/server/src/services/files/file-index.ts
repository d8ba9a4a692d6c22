import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fileChunks, files, type FileRow } from '../../db/schema/index.ts';
import type { BlobStore } from './blob-store.ts';
import { chunkSpans, pageAt } from './chunk-text.ts';
import { documentText, type ReadOptions } from './document-text.ts';
import { insertChunks } from './chunk-vectors.ts';
import type { FileEmbeddings, VectorIndexing } from './file-embeddings.ts';

/** What indexing a file did: its chunk count, and its vectors when embeddings are configured. */
export interface FileIndexing {
  chunks: number;
  /** Absent when no embeddings provider is configured (or the file has no text). */
  vectors?: VectorIndexing;
}

/**
 * Makes a document searchable: its text is chunked (a PDF's chunks remember their page) and stored
 * with the full-text index, and the file is marked `embedded`. With an embeddings provider, the
 * chunks' vectors are asked for first and stored with them; a provider that fails leaves the file
 * searchable by full text (still `embedded`) and the answer says why. Files without readable text
 * stay as they are.
 */
export async function indexFile(
  db: Database,
  store: BlobStore,
  row: FileRow,
  embeddings?: FileEmbeddings,
  /** OCR, when on, and who hears its progress. */
  read: ReadOptions = {},
): Promise<FileIndexing> {
  const document = await documentText(store, row, read);
  if (document === null) return { chunks: 0 };
  const { pageStarts } = document;
  const chunks = chunkSpans(document.text);
  const embedded =
    embeddings && chunks.length > 0 ? await embeddings.chunkVectors(chunks.map((c) => c.text)) : undefined;
  const vectors = embedded && 'vectors' in embedded ? embedded.vectors : undefined;
  await db.transaction(async (tx) => {
    await tx.delete(fileChunks).where(eq(fileChunks.fileId, row.fileId));
    await insertChunks(
      tx,
      chunks.map((chunk, i) => ({
        fileId: row.fileId,
        userId: row.userId,
        position: i,
        page: pageStarts ? pageAt(pageStarts, chunk.start) : null,
        lastPage: pageStarts ? pageAt(pageStarts, chunk.start + chunk.text.length - 1) : null,
        text: chunk.text,
      })),
      vectors,
    );
    await tx
      .update(files)
      .set({ embedded: chunks.length > 0, updatedAt: new Date() })
      .where(and(eq(files.fileId, row.fileId), eq(files.userId, row.userId)));
  });
  if (!embedded) return { chunks: chunks.length };
  return {
    chunks: chunks.length,
    vectors: 'failed' in embedded ? { status: 'failed', reason: embedded.failed } : { status: 'stored' },
  };
}
