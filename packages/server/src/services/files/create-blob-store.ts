import { join } from 'node:path';
import type { Env } from '../../config/env.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';

/** Local disk under DATA_DIR/files. */
export function createBlobStore(env: Pick<Env, 'DATA_DIR'>): BlobStore {
  return new LocalBlobStore(join(env.DATA_DIR, 'files'));
}
