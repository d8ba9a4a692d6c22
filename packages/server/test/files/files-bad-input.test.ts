import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { uploadErrors } from '@parley/schema';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { jsonOf, pngBomb, pngImage, storedBlobs, uploadFile } from './file-fixtures.ts';

const HEIC_FIXTURE = new URL('../../../../tests/fixtures/gradient-64x40.heic', import.meta.url);

/** 1 KB per file for the custom endpoint "Small"; 4 KB for the others. */
const YAML = `
fileConfig:
  serverFileSizeLimit: 0.0625
  endpoints:
    default:
      fileSizeLimit: 0.00390625
    Small:
      fileSizeLimit: 0.0009765625
      supportedMimeTypes: ["^text/plain$"]
    Off:
      disabled: true
`;

describe('files: bad input', () => {
  let server: TestServer;
  let ann: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ yaml: YAML, env: { FILE_UPLOAD_USER_MAX: '1000' } });
    ann = await createTestUser(server);
  });
  afterAll(() => server.stop());

  const rowsOf = async (user: TestUser) =>
    (await server.ctx.db.select({ n: count() }).from(files).where(eq(files.userId, user.id)))[0]!.n;

  /** Each refused upload leaves no row and no blob (nor a partial write) behind. */
  async function expectRefused(res: Response, status: number, message: string | RegExp) {
    expect(res.status).toBe(status);
    const body = await jsonOf(res);
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    expect(await rowsOf(ann)).toBe(0);
    expect(storedBlobs(server)).toEqual([]);
  }

  it('refuses a document on the agents endpoint without a tool resource, saying what to do instead', async () => {
    await expectRefused(
      await uploadFile(server, ann, 'plain notes\n', 'notes.txt', {
        type: 'text/plain',
        fields: { endpoint: 'agents' },
      }),
      400,
      uploadErrors.unsupportedCapability('notes.txt'),
    );
    // With a tool to read it, or as a picture, the same endpoint takes it.
    const bob = await createTestUser(server);
    const asText = await uploadFile(server, bob, 'plain notes\n', 'notes.txt', {
      type: 'text/plain',
      fields: { endpoint: 'agents', tool_resource: 'ocr' },
    });
    expect(asText.status).toBe(201);
    const picture = await uploadFile(server, bob, await pngImage(16, 16), 'p.png', {
      type: 'image/png',
      fields: { endpoint: 'agents' },
    });
    expect(picture.status).toBe(201);
    // Another endpoint takes a document as it is.
    const plain = await uploadFile(server, bob, 'plain notes\n', 'n2.txt', { type: 'text/plain' });
    expect(plain.status).toBe(201);
    // The later checks expect an empty store: Bob's files go again.
    const ids = await Promise.all(
      [asText, picture, plain].map(async (r) => (await jsonOf(r)).file_id as string),
    );
    const deleted = await server.api('/api/files', {
      method: 'DELETE',
      token: bob.token,
      json: { files: ids.map((file_id) => ({ file_id })) },
    });
    expect(deleted.status).toBe(200);
  });

  it('applies fileConfig per endpoint in the configuration answer', async () => {
    const config = await jsonOf(await server.api('/api/files/config', { token: ann.token }));
    expect(config.serverFileSizeLimit).toBe(65536);
    expect(config.endpoints.default.fileSizeLimit).toBe(4096);
    expect(config.endpoints.Small).toMatchObject({
      fileSizeLimit: 1024,
      supportedMimeTypes: ['^text/plain$'],
    });
    expect(config.endpoints.Off.disabled).toBe(true);
  });

  it('refuses files over the endpoint’s and the server’s limits with the spec’s text', async () => {
    await expectRefused(
      await uploadFile(server, ann, 'x'.repeat(5000), 'big.txt'),
      413,
      'File size exceeds 0.00391 MB.',
    );
    await expectRefused(
      await uploadFile(server, ann, 'x'.repeat(2000), 'big.txt', { fields: { endpoint: 'Small' } }),
      413,
      'File size exceeds 0.000977 MB.',
    );
    // Past the server's ceiling the body is cut off while streaming, and still nothing is kept.
    await expectRefused(
      await uploadFile(server, ann, 'x'.repeat(200_000), 'huge.txt'),
      413,
      'File size exceeds 0.00391 MB.',
    );
  });

  it('refuses zero-byte, unknown-type and unsupported-type files', async () => {
    await expectRefused(await uploadFile(server, ann, '', 'empty.txt'), 400, 'The files are empty.');
    const binary = Buffer.from([0, 1, 2, 3, 0, 0xff, 0xfe, 0x00, 0x10]);
    await expectRefused(
      await uploadFile(server, ann, binary, 'data.txt'),
      400,
      'Unable to determine file type for: data.txt',
    );
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    await expectRefused(
      await uploadFile(server, ann, exe, 'tool.png', { type: 'image/png' }),
      400,
      /^Currently, unsupported file type: /,
    );
    await expectRefused(
      await uploadFile(server, ann, 'text, not a picture', 'pic.png', { path: '/api/files/images' }),
      400,
      'Currently, unsupported file type: text/plain',
    );
    await expectRefused(
      await uploadFile(server, ann, '{"a":1}', 'a.json', { fields: { endpoint: 'Small' } }),
      400,
      'Currently, unsupported file type: application/json',
    );
    await expectRefused(
      await uploadFile(server, ann, 'hi', 'a.txt', { fields: { endpoint: 'Off' } }),
      400,
      /disabled/,
    );
  });

  it('refuses truncated images and decompression bombs', async () => {
    const png = await pngImage(40, 40);
    await expectRefused(
      await uploadFile(server, ann, png.subarray(0, Math.floor(png.length / 2)), 'cut.png', {
        path: '/api/files/images',
      }),
      400,
      'The image could not be read',
    );
    await expectRefused(
      await uploadFile(server, ann, pngBomb(), 'bomb.png', { path: '/api/files/images' }),
      400,
      'The image is too large in pixels',
    );
  });

  it('refuses a HEIC picture that skipped the browser’s conversion, on both routes', async () => {
    // A real HEVC-coded HEIC (tests/fixtures/README.md): the server's image library reads its
    // header but cannot decode it, so it is refused by type with a message saying why.
    const heic = readFileSync(HEIC_FIXTURE);
    for (const path of ['/api/files', '/api/files/images']) {
      await expectRefused(
        await uploadFile(server, ann, heic, 'photo.heic', { path }),
        400,
        uploadErrors.heicNotConverted(),
      );
    }
    // Its type is judged from the bytes: the same picture named .jpg is refused just the same.
    await expectRefused(
      await uploadFile(server, ann, heic, 'photo.jpg', { path: '/api/files/images' }),
      400,
      uploadErrors.heicNotConverted(),
    );
    expect((await server.api('/health')).status).toBe(200);
  });

  it('keeps hostile names as metadata only', async () => {
    const names = [
      '../../../etc/passwd',
      '..\\..\\boot.ini',
      '/etc/shadow',
      'nul\u0000byte.txt',
      `${'a'.repeat(300)}.txt`,
      '%2e%2e%2fx.txt',
    ];
    const stored: string[] = [];
    for (const name of names) {
      const res = await uploadFile(server, ann, 'safe', name);
      expect(res.status).toBe(201);
      const file = await jsonOf(res);
      stored.push(file.filename);
      expect(file.filename).not.toMatch(/[/\\]/);
      expect(file.filename.includes('\0')).toBe(false);
      expect([...file.filename].length).toBeLessThanOrEqual(255);
    }
    expect(stored.slice(0, 4)).toEqual(['passwd', 'boot.ini', 'shadow', 'nulbyte.txt']);
    expect(stored[4]!.endsWith('.txt')).toBe(true);
    // Every blob sits under the user's own folder with a server-made name.
    for (const blob of storedBlobs(server)) expect(blob).toMatch(new RegExp(`^${ann.id}/[0-9a-f-]{36}$`));
    const list: { file_id: string }[] = await jsonOf(await server.api('/api/files', { token: ann.token }));
    await server.api('/api/files', {
      method: 'DELETE',
      token: ann.token,
      json: { files: list.map((f) => ({ file_id: f.file_id })) },
    });
    expect(storedBlobs(server)).toEqual([]);
  });

  it('answers malformed multipart with a 400 and stays healthy', async () => {
    const bad = await server.api('/api/files', {
      method: 'POST',
      token: ann.token,
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello',
    });
    expect(bad.status).toBe(400);
    const notMultipart = await server.api('/api/files', {
      method: 'POST',
      token: ann.token,
      json: { file: 'x' },
    });
    expect(notMultipart.status).toBe(400);
    const noFile = new FormData();
    noFile.append('endpoint', 'openAI');
    expect((await server.api('/api/files', { method: 'POST', token: ann.token, body: noFile })).status).toBe(
      400,
    );
    expect((await uploadFile(server, undefined, 'x', 'a.txt')).status).toBe(401);
    expect(await rowsOf(ann)).toBe(0);
    expect(storedBlobs(server)).toEqual([]);
    expect((await server.api('/api/config')).status).toBe(200);
  });

  it('leaves nothing behind when the client disconnects mid-upload', async () => {
    const url = new URL(server.url);
    const boundary = 'CUTOFF';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="endpoint"\r\n\r\nopenAI\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    await new Promise<void>((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST /api/files HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${ann.token}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
            head +
            'partial content '.repeat(100),
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(await rowsOf(ann)).toBe(0);
    expect(storedBlobs(server)).toEqual([]);
    expect((await server.api('/api/config')).status).toBe(200);
  });
});

describe('files: upload rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { FILE_UPLOAD_USER_MAX: '2' } });
  });
  afterAll(() => server.stop());

  it('refuses uploads past the limit with the file_upload_limit type', async () => {
    const ann = await createTestUser(server);
    expect((await uploadFile(server, ann, 'a', 'a.txt')).status).toBe(201);
    expect((await uploadFile(server, ann, 'b', 'b.txt')).status).toBe(201);
    const third = await uploadFile(server, ann, 'c', 'c.txt');
    expect(third.status).toBe(429);
    expect(await jsonOf(third)).toMatchObject({ type: 'file_upload_limit' });
  });
});
