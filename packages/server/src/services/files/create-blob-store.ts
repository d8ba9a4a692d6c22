import { join } from 'node:path';
import type { Env } from '../../config/env.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import { s3SettingsFromEnv } from './s3-settings.ts';

type StoreEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

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
