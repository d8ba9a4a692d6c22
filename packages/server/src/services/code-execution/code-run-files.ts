import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ParleyFile } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { blobKey, type BlobStore } from '../files/blob-store.ts';
import { toApiFile } from '../files/file-records.ts';
import { sniffType } from '../files/sniff-type.ts';
import type { CodeRunFile } from './code-runner.ts';

/** A file name from a run, reduced to its last path part and plain characters, for display only. */
function displayName(path: string): string {
  const last = path.split('/').filter(Boolean).at(-1) ?? 'file';
  // eslint-disable-next-line no-control-regex
  const plain = last.replace(/[\u0000-\u001f\u007f<>:"\\|?*]/g, '_').slice(0, 200);
  return plain === '' || plain === '.' || plain === '..' ? 'file' : plain;
}

/**
 * Stores the files a run wrote as the caller's attachments in `conversationId` (the BlobStore
 * under server-made keys; the run's own names are metadata only), and returns them as the API
 * shows files, so the browser can download them.
 */
export async function storeRunFiles(
  db: Database,
  store: BlobStore,
  userId: string,
  conversationId: string,
  runFiles: CodeRunFile[],
): Promise<ParleyFile[]> {
  const stored: ParleyFile[] = [];
  for (const file of runFiles) {
    const fileId = randomUUID();
    const key = blobKey(userId, fileId);
    const bytes = Buffer.from(file.bytes);
    const filename = displayName(file.name);
    try {
      await store.put(key, Readable.from([bytes]), 'application/octet-stream');
      const type = (await sniffType(bytes.subarray(0, 4100), filename)) ?? 'application/octet-stream';
      const [row] = await db
        .insert(files)
        .values({
          fileId,
          userId,
          filename,
          storageKey: key,
          type,
          bytes: bytes.length,
          source: store.source,
          context: 'message_attachment',
          toolResource: 'execute_code',
          conversationId,
        })
        .returning();
      stored.push(toApiFile(row!));
    } catch (err) {
      await store.delete(key).catch(() => undefined);
      throw err;
    }
  }
  return stored;
}
