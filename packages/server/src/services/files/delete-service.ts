import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import type { BlobStore } from './blob-store.ts';
import { findOwnFiles } from './file-records.ts';
import { readTextKey } from './read-text-cache.ts';

/**
 * Deletes the caller's files: rows first (so nothing refers to a missing blob), then blobs. If any
 * id is not one of the caller's files, nothing is deleted and the answer is 404: another user's
 * file looks the same as a missing one.
 */
export async function deleteOwnFiles(db: Database, store: BlobStore, userId: string, fileIds: string[]) {
  const unique = [...new Set(fileIds)];
  const rows = await findOwnFiles(db, userId, unique);
  if (rows.length !== unique.length) throw notFound('File not found');
  await db.delete(files).where(and(eq(files.userId, userId), inArray(files.fileId, unique)));
  // The text OCR read out of a file is kept beside it (read-text-cache.ts) and goes with it.
  await Promise.all(
    rows.flatMap((row) => [store.delete(row.storageKey), store.delete(readTextKey(row.storageKey))]),
  );
  return rows.length;
}
