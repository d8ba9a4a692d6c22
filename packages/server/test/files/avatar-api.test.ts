import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { jpegImage, jsonOf, pngBomb, pngImage, storedBlobs, uploadFile } from './file-fixtures.ts';

/** Avatars up to 0.05 MB (52429 bytes) here, so a plain test picture can exceed it. */
const YAML = `
fileConfig:
  avatarSizeLimit: 0.05
`;

const AVATAR_PATH = '/api/files/images/avatar';

/** A PNG of random pixels: it does not compress, so its size follows its pixel count. */
function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe('avatar upload', () => {
  let server: TestServer;
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    server = await startTestServer({ yaml: YAML, env: { FILE_UPLOAD_USER_MAX: '1000' } });
    ann = await createTestUser(server);
    bob = await createTestUser(server);
  });
  afterAll(() => server.stop());

  const avatarOf = async (user: TestUser) =>
    (await jsonOf(await server.api('/api/user', { token: user.token }))).avatar as string | null;
  const upload = (user: TestUser | undefined, content: Buffer | string, name: string, type = 'image/png') =>
    uploadFile(server, user, content, name, { path: AVATAR_PATH, type, fields: { manual: 'true' } });

  it('crops, scales and stores the picture, serves it without sign-in and sets the user’s avatar', async () => {
    const res = await upload(ann, await pngImage(400, 300), 'me.png');
    expect(res.status).toBe(200);
    const { url } = await jsonOf(res);
    expect(url).toMatch(new RegExp(`^/api/files/avatars/${ann.id}/[0-9a-f-]{36}$`));
    expect(await avatarOf(ann)).toBe(url);

    const picture = await fetch(new URL(url, server.url));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 250, 250]);
    // Avatars are not attachments: the files list leaves them out.
    expect(await jsonOf(await server.api('/api/files', { token: ann.token }))).toEqual([]);
  });

  it('replaces the previous avatar, whose picture and blob are gone', async () => {
    const before = await avatarOf(ann);
    const res = await upload(ann, await jpegImage(260, 260), 'new.jpeg', 'image/jpeg');
    expect(res.status).toBe(200);
    const { url } = await jsonOf(res);
    expect(url).not.toBe(before);
    expect(await avatarOf(ann)).toBe(url);
    expect((await fetch(new URL(before!, server.url))).status).toBe(404);
    expect(storedBlobs(server)).toHaveLength(1);
  });

  it('refuses bad pictures with a clear message and keeps the avatar as it was', async () => {
    const kept = await avatarOf(ann);
    const refusals: [Response, number, RegExp][] = [
      [await upload(ann, await noisePng(200, 200), 'big.png'), 413, /^File size exceeds 0\.05 MB\.$/],
      [await upload(ann, 'just some text', 'renamed.png'), 400, /unsupported file type/],
      [
        await upload(
          ann,
          await sharp(await pngImage(8, 8))
            .gif()
            .toBuffer(),
          'a.gif',
          'image/gif',
        ),
        400,
        /unsupported file type: image\/gif/,
      ],
      [
        await upload(
          ann,
          await sharp(await pngImage(8, 8))
            .webp()
            .toBuffer(),
          'a.png',
        ),
        400,
        /unsupported file type: image\/webp/,
      ],
      [await upload(ann, pngBomb(), 'bomb.png'), 400, /too large in pixels/],
      [await upload(ann, (await pngImage(64, 64)).subarray(0, 200), 'cut.png'), 400, /could not be read/],
      [await upload(ann, '', 'empty.png'), 400, /empty/],
    ];
    for (const [res, status, message] of refusals) {
      expect(res.status).toBe(status);
      expect((await jsonOf(res)).message).toMatch(message);
    }
    expect(await avatarOf(ann)).toBe(kept);
    expect(storedBlobs(server)).toHaveLength(1);
    expect((await upload(undefined, await pngImage(8, 8), 'a.png')).status).toBe(401);
    expect((await server.api('/api/config')).status).toBe(200);
  });

  it('keeps a path-like file name as metadata only', async () => {
    const res = await upload(bob, await pngImage(32, 32), '../../../etc/passwd.png');
    expect(res.status).toBe(200);
    const blobs = storedBlobs(server);
    expect(blobs).toHaveLength(2);
    for (const blob of blobs) expect(blob).toMatch(/^[A-Za-z0-9_-]+\/[0-9a-f-]{36}$/);
  });

  it('serves only avatars at the avatar address, and only under their owner', async () => {
    const annAvatar = (await avatarOf(ann))!;
    const fileId = annAvatar.split('/').pop()!;
    expect((await fetch(new URL(`/api/files/avatars/${bob.id}/${fileId}`, server.url))).status).toBe(404);
    const attachment = await jsonOf(
      await uploadFile(server, ann, await pngImage(16, 16), 'pic.png', {
        path: '/api/files/images',
        type: 'image/png',
      }),
    );
    const leaked = await fetch(new URL(`/api/files/avatars/${ann.id}/${attachment.file_id}`, server.url));
    expect(leaked.status).toBe(404);
    expect((await fetch(new URL(`/api/files/avatars/${ann.id}/..%2F..%2Fetc`, server.url))).status).toBe(404);
  });
});
