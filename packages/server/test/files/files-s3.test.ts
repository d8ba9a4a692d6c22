import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../helpers/s3-server.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { jsonOf, pngBomb, pngImage, uploadFile } from './file-fixtures.ts';

// The files API with S3_* set: the same routes, the bytes in a bucket instead of DATA_DIR/files.
describe('files API on S3-compatible storage', () => {
  let s3: TestS3;
  let server: TestServer;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    s3 = await startTestS3();
    server = await startTestServer({ env: s3.env });
    ann = await createTestUser(server);
    bob = await createTestUser(server);
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  const removeAll = async (user: TestUser) => {
    const list: { file_id: string }[] = await jsonOf(await server.api('/api/files', { token: user.token }));
    if (list.length === 0) return;
    const res = await server.api('/api/files', {
      method: 'DELETE',
      token: user.token,
      json: { files: list.map((f) => ({ file_id: f.file_id })) },
    });
    expect(res.status).toBe(200);
  };

  it('stores an upload in the bucket under a server-made key and serves it back', async () => {
    const res = await uploadFile(server, ann, 'hello bucket\n', 'notes.md', { type: 'text/markdown' });
    expect(res.status).toBe(201);
    const file = await jsonOf(res);
    expect(file).toMatchObject({ source: 's3', bytes: 13, embedded: true });
    expect(await s3.keys()).toEqual([`${ann.id}/${file.file_id}`]);
    expect(existsSync(join(server.dataDir, 'files'))).toBe(false);

    const download = await server.api(file.filepath, { token: ann.token });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('hello bucket\n');
    expect(JSON.parse(download.headers.get('x-file-metadata')!)).toMatchObject({ source: 's3' });
    const head = await server.api(file.filepath, { method: 'HEAD', token: ann.token });
    expect(head.status).toBe(200);
    expect((await server.api(file.filepath, { token: bob.token })).status).toBe(404);
    await removeAll(ann);
    expect(await s3.keys()).toEqual([]);
  });

  it('checks and serves a picture read back from the bucket', async () => {
    const png = await pngImage(640, 480);
    const res = await uploadFile(server, ann, png, 'photo.png', {
      path: '/api/files/images',
      type: 'image/png',
    });
    expect(res.status).toBe(201);
    const file = await jsonOf(res);
    expect(file).toMatchObject({ source: 's3', width: 640, height: 480, type: 'image/png' });
    const download = await server.api(file.filepath, { token: ann.token });
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    await removeAll(ann);
  });

  it('keeps nothing in the bucket for a refused upload, a hostile name or a cut-off body', async () => {
    // A decompression bomb is stored while streaming, then refused: its object must go.
    const bomb = await uploadFile(server, ann, pngBomb(), 'bomb.png', {
      path: '/api/files/images',
      type: 'image/png',
    });
    expect(bomb.status).toBe(400);
    expect(await s3.keys()).toEqual([]);

    const named = await uploadFile(server, ann, 'safe', '../../../etc/passwd');
    expect(named.status).toBe(201);
    const { file_id } = await jsonOf(named);
    expect(await s3.keys()).toEqual([`${ann.id}/${file_id}`]);
    await removeAll(ann);

    const url = new URL(server.url);
    const boundary = 'CUTOFF';
    await new Promise<void>((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST /api/files HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${ann.token}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="endpoint"\r\n\r\nopenAI\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\n` +
            `Content-Type: text/plain\r\n\r\n` +
            'partial content '.repeat(20_000),
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
    });
    await new Promise((r) => setTimeout(r, 800));
    expect(await s3.keys()).toEqual([]);
    expect(await jsonOf(await server.api('/api/files', { token: ann.token }))).toEqual([]);
    expect((await server.api('/api/config')).status).toBe(200);
  });
});
