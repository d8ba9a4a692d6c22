import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { jpegImage, jsonOf, pngImage, storedBlobs, uploadFile } from './file-fixtures.ts';

describe('files API', () => {
  let server: TestServer;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    ann = await createTestUser(server);
    bob = await createTestUser(server);
  });
  afterAll(() => server.stop());

  it('reports the upload configuration with the spec defaults in bytes', async () => {
    const res = await server.api('/api/files/config', { token: ann.token });
    expect(res.status).toBe(200);
    const config = await jsonOf(res);
    expect(config.endpoints.default).toMatchObject({
      fileLimit: 10,
      fileSizeLimit: 536870912,
      totalSizeLimit: 536870912,
    });
    expect(config.avatarSizeLimit).toBe(2 * 1024 * 1024);
    expect(config.clientImageResize).toEqual({
      enabled: false,
      maxWidth: 1900,
      maxHeight: 1900,
      quality: 0.92,
    });
    expect((await server.api('/api/files/config')).status).toBe(401);
  });

  it('uploads a text file, lists it, downloads it with its metadata header, and HEAD gives its length', async () => {
    const res = await uploadFile(server, ann, 'hello files\n', 'notes.md', { type: 'text/markdown' });
    expect(res.status).toBe(201);
    const file = await jsonOf(res);
    expect(file).toMatchObject({
      temp_file_id: 'temp-1',
      filename: 'notes.md',
      type: 'text/markdown',
      bytes: 12,
      source: 'local',
      embedded: true, // its text is indexed for file search
      filepath: `/api/files/download/${ann.id}/${file.file_id}`,
    });
    expect(file.file_id).not.toBe('temp-1');

    const list = await jsonOf(await server.api('/api/files', { token: ann.token }));
    expect(list.map((f: { file_id: string }) => f.file_id)).toContain(file.file_id);
    expect(await jsonOf(await server.api('/api/files', { token: bob.token }))).toEqual([]);

    const download = await server.api(file.filepath, { token: ann.token });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('hello files\n');
    expect(download.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''notes.md");
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(JSON.parse(download.headers.get('x-file-metadata')!)).toMatchObject({
      file_id: file.file_id,
      bytes: 12,
    });

    const head = await server.api(file.filepath, { token: ann.token, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('12');
  });

  it('downloads a file named outside Latin-1, its metadata header JSON that gives the name back', async () => {
    const name = '議事録 🦦.txt';
    const file = await jsonOf(await uploadFile(server, ann, 'minutes\n', name, { type: 'text/plain' }));
    expect(file.filename).toBe(name);
    const download = await server.api(file.filepath, { token: ann.token });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('minutes\n');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    const metadata = download.headers.get('x-file-metadata')!;
    expect(metadata).toMatch(/^[\x20-\x7e]+$/);
    expect(JSON.parse(metadata)).toMatchObject({ file_id: file.file_id, filename: name });
    const head = await server.api(file.filepath, { token: ann.token, method: 'HEAD' });
    expect(JSON.parse(head.headers.get('x-file-metadata')!).filename).toBe(name);
  });

  it('reads an image size, serves it inline, and sniffs the type from the bytes, not the name', async () => {
    const res = await uploadFile(server, ann, await pngImage(64, 40), 'photo.txt', {
      path: '/api/files/images',
      type: 'text/plain',
      fields: { width: '64', height: '40' },
    });
    expect(res.status).toBe(201);
    const image = await jsonOf(res);
    expect(image).toMatchObject({ type: 'image/png', width: 64, height: 40 });
    const download = await server.api(image.filepath, { token: ann.token });
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toMatch(/^inline/);

    const jpeg = await jsonOf(
      await uploadFile(server, ann, await jpegImage(30, 90), 'p.jpg', { path: '/api/files/images' }),
    );
    expect(jpeg).toMatchObject({ type: 'image/jpeg', width: 30, height: 90 });
  });

  it('keeps another user out of every route with a 404', async () => {
    const file = await jsonOf(await uploadFile(server, ann, 'private', 'secret.txt'));
    expect((await server.api(file.filepath, { token: bob.token })).status).toBe(404);
    expect(
      (await server.api(`/api/files/download/${bob.id}/${file.file_id}`, { token: bob.token })).status,
    ).toBe(404);
    expect((await server.api(file.filepath, { token: bob.token, method: 'HEAD' })).status).toBe(404);
    const del = await server.api('/api/files', {
      method: 'DELETE',
      token: bob.token,
      json: { files: [{ file_id: file.file_id, filepath: file.filepath, source: 'local', embedded: false }] },
    });
    expect(del.status).toBe(404);
    expect((await server.api(file.filepath, { token: ann.token })).status).toBe(200);
    expect((await server.api(file.filepath)).status).toBe(401);
  });

  it('deletes the caller’s files: row and blob', async () => {
    const file = await jsonOf(await uploadFile(server, ann, 'to delete', 'gone.txt'));
    const before = storedBlobs(server).length;
    const del = await server.api('/api/files', {
      method: 'DELETE',
      token: ann.token,
      json: { files: [{ file_id: file.file_id, filepath: file.filepath, source: 'local', embedded: false }] },
    });
    expect(del.status).toBe(200);
    expect(storedBlobs(server).length).toBe(before - 1);
    expect((await server.api(file.filepath, { token: ann.token })).status).toBe(404);
    const list = await jsonOf(await server.api('/api/files', { token: ann.token }));
    expect(list.map((f: { file_id: string }) => f.file_id)).not.toContain(file.file_id);
  });

  it('refuses malformed delete bodies with a 400', async () => {
    for (const json of [{}, { files: [] }, { files: [{}] }, { files: 'x' }]) {
      expect((await server.api('/api/files', { method: 'DELETE', token: ann.token, json })).status).toBe(400);
    }
  });
});
