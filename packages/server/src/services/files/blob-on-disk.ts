import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from './blob-store.ts';

/**
 * Runs `use` with a path on disk holding the blob: the store's own file when it keeps one, else
 * a temporary copy removed afterwards. Image and document readers then read lazily instead of
 * holding a whole upload in memory.
 */
export async function withBlobOnDisk<T>(
  store: BlobStore,
  key: string,
  use: (path: string) => Promise<T>,
): Promise<T> {
  if (store.localPath) return use(store.localPath(key));
  const dir = await mkdtemp(join(tmpdir(), 'parley-blob-'));
  try {
    const path = join(dir, 'blob');
    await pipeline(await store.get(key), createWriteStream(path, { mode: 0o600 }));
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
