import type { ParleyFile } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { storeToolFile } from '../files/store-tool-file.ts';
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
    const bytes = Buffer.from(file.bytes);
    const filename = displayName(file.name);
    const type = (await sniffType(bytes.subarray(0, 4100), filename)) ?? 'application/octet-stream';
    stored.push(
      await storeToolFile(
        db,
        store,
        { userId, conversationId, toolResource: 'execute_code' },
        { filename, bytes, type },
      ),
    );
  }
  return stored;
}
