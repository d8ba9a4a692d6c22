import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import S3rver from '@20minutes/s3rver';

export interface TestS3 {
  /** The `S3_*` variables that point Parley at this server's bucket. */
  env: Record<string, string>;
  /** The directory the server keeps its objects in (to prove what is, and is not, stored). */
  directory: string;
  bucket: string;
  endpoint: string;
  /** Every object key in the bucket, sorted (read from the server's own directory). */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Starts a local S3-compatible server (s3rver, in this process) on a loopback port with one empty
 * bucket. It accepts the key pair S3RVER / S3RVER and checks every request's signature.
 */
export async function startTestS3(bucket = 'parley-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'parley-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    directory,
    bucket,
    endpoint,
    keys: async () => objectKeys(join(directory, bucket)),
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver keeps an object `a/b` as the file `a/b._S3rver_object` beside its metadata. (Its bucket
 * listing cannot be used: it checks signatures of bucket-level paths without the trailing slash
 * the AWS SDK signs.)
 */
function objectKeys(bucketDir: string): string[] {
  const keys: string[] = [];
  for (const entry of readdirSync(bucketDir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('._S3rver_object'))
      keys.push(relative(bucketDir, join(entry.parentPath, entry.name)).slice(0, -'._S3rver_object'.length));
  }
  return keys.sort();
}
