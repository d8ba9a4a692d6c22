import { join } from 'node:path';
import type { Env } from '../../config/env.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import { s3SettingsFromEnv, type S3Env } from './s3-settings.ts';

/** The variables choosing the store: DATA_DIR for the disk, the `S3_*` ones for a bucket. */
type StoreEnv = S3Env & Pick<Env, 'DATA_DIR'>;

/**
 * The S3-compatible bucket when the `S3_*` variables name one (checked to exist and be usable,
 * else the start stops with the reason), local disk under DATA_DIR/files otherwise.
 */
export async function createBlobStore(env: StoreEnv): Promise<BlobStore> {
  const s3 = s3SettingsFromEnv(env);
  if (!s3) return new LocalBlobStore(join(env.DATA_DIR, 'files'));
  // The AWS SDK loads only for a bucket: a server on local disk does not carry it.
  const { S3BlobStore } = await import('./s3-blob-store.ts');
  const store = new S3BlobStore(s3);
  try {
    await store.checkReachable();
  } catch (err) {
    store.close();
    throw err;
  }
  return store;
}
