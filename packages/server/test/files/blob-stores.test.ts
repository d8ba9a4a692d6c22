import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFound, blobKey, type BlobStore } from '../../src/services/files/blob-store.ts';
import { createBlobStore } from '../../src/services/files/create-blob-store.ts';
import { LocalBlobStore } from '../../src/services/files/local-blob-store.ts';
import { S3BlobStore } from '../../src/services/files/s3-blob-store.ts';
import { s3SettingsFromEnv } from '../../src/services/files/s3-settings.ts';
import { startTestS3, type TestS3 } from '../helpers/s3-server.ts';

/** Bytes that differ at every offset, so a wrong range or a reordered part shows. */
function pattern(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
}

/** A body arriving in pieces, as an upload does; `failAfter` cuts it off with an error there. */
function arriving(bytes: Buffer, failAfter?: number): Readable {
  const piece = 64 * 1024;
  return Readable.from(
    (async function* body() {
      for (let at = 0; at < bytes.length; at += piece) {
        if (failAfter !== undefined && at >= failAfter) throw new Error('client went away');
        yield bytes.subarray(at, at + piece);
      }
    })(),
  );
}

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let s3: TestS3;
let diskRoot: string;
const stores: Record<'local' | 's3', () => BlobStore> = {} as never;
beforeAll(async () => {
  s3 = await startTestS3();
  diskRoot = mkdtempSync(join(tmpdir(), 'parley-blobs-'));
  const local = new LocalBlobStore(diskRoot);
  const bucket = new S3BlobStore(s3SettingsFromEnv(s3.env as never)!);
  stores.local = () => local;
  stores.s3 = () => bucket;
});
afterAll(async () => {
  stores.s3?.().close?.();
  await s3?.stop();
  rmSync(diskRoot, { recursive: true, force: true });
});

// One set of behaviours, proved on both stores: the rest of the server cannot tell them apart.
describe.each(['local', 's3'] as const)('%s blob store', (kind) => {
  const store = () => stores[kind]();
  let n = 0;
  const freshKey = () => blobKey(`user${kind}`, `file${++n}`);

  it('names its source as the file rows record it', () => {
    expect(store().source).toBe(kind);
  });

  it('stores a streamed body, counts its bytes and gives the same bytes back', async () => {
    const key = freshKey();
    const bytes = pattern(100_000);
    expect(await store().put(key, arriving(bytes), 'application/octet-stream')).toBe(100_000);
    expect(await store().exists(key)).toBe(true);
    expect(await read(await store().get(key))).toEqual(bytes);
  });

  it('streams a body larger than one S3 part (several parts) without changing a byte', async () => {
    const key = freshKey();
    const bytes = pattern(12 * 1024 * 1024 + 12_345);
    expect(await store().put(key, arriving(bytes), 'application/pdf')).toBe(bytes.length);
    expect(sha(await read(await store().get(key)))).toBe(sha(bytes));
  });

  it('stores an empty body as an empty blob', async () => {
    const key = freshKey();
    expect(await store().put(key, Readable.from([]), 'text/plain')).toBe(0);
    expect(await store().exists(key)).toBe(true);
    expect((await read(await store().get(key))).length).toBe(0);
  });

  it('reads byte ranges, both ends inclusive, clipped at the end, empty past it', async () => {
    const key = freshKey();
    const bytes = pattern(10_000);
    await store().put(key, arriving(bytes), 'image/png');
    expect(await read(await store().get(key, { start: 0, end: 4099 }))).toEqual(bytes.subarray(0, 4100));
    expect(await read(await store().get(key, { start: 9_990, end: 20_000 }))).toEqual(bytes.subarray(9_990));
    expect((await read(await store().get(key, { start: 10_000, end: 10_100 }))).length).toBe(0);
  });

  it('answers BlobNotFound for a missing blob, false to exists, and deletes one quietly', async () => {
    const key = freshKey();
    await expect(store().get(key)).rejects.toBeInstanceOf(BlobNotFound);
    await expect(store().get(key, { start: 0, end: 10 })).rejects.toBeInstanceOf(BlobNotFound);
    expect(await store().exists(key)).toBe(false);
    await expect(store().delete(key)).resolves.toBeUndefined();
  });

  it('deletes a blob so that it is gone', async () => {
    const key = freshKey();
    await store().put(key, arriving(pattern(1000)), 'text/plain');
    await store().delete(key);
    expect(await store().exists(key)).toBe(false);
    await expect(store().get(key)).rejects.toBeInstanceOf(BlobNotFound);
  });

  it('leaves nothing under the key when the body fails before its first part is full', async () => {
    const key = freshKey();
    await expect(store().put(key, arriving(pattern(1_000_000), 200_000), 'text/plain')).rejects.toThrow(
      'client went away',
    );
    expect(await store().exists(key)).toBe(false);
  });

  it('leaves nothing under the key when the body fails after several parts went out', async () => {
    const key = freshKey();
    await expect(
      store().put(key, arriving(pattern(16 * 1024 * 1024), 11 * 1024 * 1024), 'text/plain'),
    ).rejects.toThrow('client went away');
    expect(await store().exists(key)).toBe(false);
  });
});

describe('blob keys', () => {
  it('are made only of server ids: a path, a traversal, a NUL, an empty or long part is refused', () => {
    expect(blobKey('user_1', 'file-2')).toBe('user_1/file-2');
    for (const [user, file] of [
      ['..', 'x'],
      ['u', '../../etc/passwd'],
      ['u', 'a/b'],
      ['u', '/abs'],
      ['u', 'nul\0byte'],
      ['u', ''],
      ['u', 'x'.repeat(101)],
      ['u', 'report.pdf'],
    ]) {
      expect(() => blobKey(user!, file!), `${user}/${file}`).toThrow('plain id');
    }
  });

  it('never leave the disk store root even if a bad key reached it', async () => {
    const local = stores.local();
    await expect(local.put('../escape', Readable.from([Buffer.from('x')]), 'text/plain')).rejects.toThrow(
      'outside the store',
    );
    await expect(local.get('../../etc/passwd')).rejects.toThrow('outside the store');
  });
});

describe('choosing the store', () => {
  it('keeps files on disk when no S3 variable is set', async () => {
    const store = await createBlobStore({ DATA_DIR: diskRoot } as never);
    expect(store.source).toBe('local');
    expect(store.localPath?.(blobKey('u', 'f'))).toBe(join(diskRoot, 'files', 'u', 'f'));
  });

  it('uses the bucket when S3_BUCKET names one that exists', async () => {
    const store = await createBlobStore({ DATA_DIR: diskRoot, ...s3.env } as never);
    expect(store.source).toBe('s3');
    expect(store.localPath).toBeUndefined();
    store.close?.();
  });

  it('stops the start when the bucket is missing, the keys are refused or the server is down', async () => {
    await expect(
      createBlobStore({ DATA_DIR: diskRoot, ...s3.env, S3_BUCKET: 'no-such-bucket' } as never),
    ).rejects.toThrow(`S3 storage: bucket "no-such-bucket" at ${s3.endpoint}: it does not exist`);
    await expect(
      createBlobStore({
        DATA_DIR: diskRoot,
        ...s3.env,
        S3_ACCESS_KEY_ID: 'wrong',
        S3_SECRET_ACCESS_KEY: 'wrong',
      } as never),
    ).rejects.toThrow('the server refuses the keys');
    await expect(
      createBlobStore({ DATA_DIR: diskRoot, ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' } as never),
    ).rejects.toThrow('it could not be reached');
  });
});
