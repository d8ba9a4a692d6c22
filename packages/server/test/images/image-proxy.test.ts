import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SharedLink } from '@parley/schema';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertConversation, insertMessage, json } from '../conversations/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

/**
 * The image proxy against real HTTP servers on this machine: a "public" picture host on
 * 127.0.0.2, which the server's USER_BASE_URL_ALLOWLIST admits as an operator would admit a
 * host, and a "private" service on 127.0.0.1 (same port) that must never be reached.
 */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const ELEVEN_MB = 11 * 1024 * 1024;
let jpeg: Buffer;

let pictureHost: Server;
let privateService: Server;
let port: number;
let origin: string;
const publicHits: string[] = [];
const privateHits: string[] = [];
let server: TestServer;
let ann: TestUser;

function answer(path: string, res: ServerResponse): void {
  if (path.startsWith('/redirect-private')) {
    res.writeHead(302, { location: `http://127.0.0.1:${port}/secret.png` });
    return void res.end();
  }
  if (path.startsWith('/redirect-public')) {
    res.writeHead(302, { location: '/pic.png' });
    return void res.end();
  }
  if (path.startsWith('/pic.png') || path.startsWith('/shared.png')) {
    res.writeHead(200, { 'content-type': 'image/png' });
    return void res.end(PNG);
  }
  if (path === '/photo.jpg') {
    // A name some servers use for JPEG.
    res.writeHead(200, { 'content-type': 'image/jpg' });
    return void res.end(jpeg);
  }
  if (path === '/page.html') {
    res.writeHead(200, { 'content-type': 'text/html' });
    return void res.end('<h1>not a picture</h1>');
  }
  if (path === '/lying.png') {
    res.writeHead(200, { 'content-type': 'image/png' });
    return void res.end('<html><script>alert(1)</script></html>');
  }
  if (path === '/drawing.svg') {
    res.writeHead(200, { 'content-type': 'image/svg+xml' });
    return void res.end(SVG);
  }
  if (path === '/huge.png') {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': ELEVEN_MB });
    return void res.end(Buffer.concat([PNG, Buffer.alloc(ELEVEN_MB - PNG.length)]));
  }
  if (path === '/huge-unannounced.png') {
    // No length announced (chunked): the limit must hold while reading.
    res.writeHead(200, { 'content-type': 'image/png' });
    res.write(PNG);
    for (let i = 0; i < 11; i++) res.write(Buffer.alloc(1024 * 1024));
    return void res.end();
  }
  res.writeHead(404);
  res.end();
}

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  pictureHost = createServer((req, res) => {
    publicHits.push(req.url!);
    answer(req.url!, res);
  });
  await new Promise<void>((resolve) => pictureHost.listen(0, '127.0.0.2', resolve));
  port = (pictureHost.address() as AddressInfo).port;
  origin = `http://127.0.0.2:${port}`;
  privateService = createServer((req, res) => {
    privateHits.push(req.url!);
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(PNG);
  });
  await new Promise<void>((resolve) => privateService.listen(port, '127.0.0.1', resolve));
  server = await startTestServer({ env: { USER_BASE_URL_ALLOWLIST: '127.0.0.2' } });
  ann = await createTestUser(server);
});
afterAll(async () => {
  await server.stop();
  pictureHost.close();
  privateService.close();
});
beforeEach(() => {
  publicHits.length = 0;
  privateHits.length = 0;
});

const proxy = (url: string, token: string | undefined = ann.token) =>
  server.api(`/api/images/proxy?url=${encodeURIComponent(url)}`, { token });

async function refusal(res: Response): Promise<{ status: number; message: string }> {
  const body = (await res.json()) as { message: string };
  return { status: res.status, message: body.message };
}

describe('GET /api/images/proxy', () => {
  it('passes a public picture on with safe headers', async () => {
    const res = await proxy(`${origin}/pic.png?v=ok`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="image.png"');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
  });

  it('takes image/jpg for JPEG, answering with the type the bytes prove', async () => {
    const res = await proxy(`${origin}/photo.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="image.jpg"');
  });

  it('needs a signed-in user, and refuses a malformed address with a clear 400', async () => {
    expect((await proxy(`${origin}/pic.png`, '')).status).toBe(401);
    expect(await refusal(await proxy('ftp://example.com/a.png'))).toMatchObject({
      status: 400,
      message: expect.stringContaining('http://'),
    });
    expect((await server.api('/api/images/proxy', { token: ann.token })).status).toBe(400);
  });

  it('refuses a private or loopback address, IPv4-mapped IPv6 included, and reaches nothing', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/secret.png`,
      `http://[::ffff:127.0.0.1]:${port}/secret.png`,
      `http://[::ffff:7f00:1]:${port}/secret.png`,
      `http://localhost:${port}/secret.png`,
    ]) {
      const { status, message } = await refusal(await proxy(url));
      expect(status, url).toBe(403);
      expect(message, url).toMatch(/private, loopback or link-local|could not be resolved/);
    }
    expect(privateHits).toEqual([]);
  });

  it('refuses a redirect to a private address, and follows one to a public address', async () => {
    const { status } = await refusal(await proxy(`${origin}/redirect-private`));
    expect(status).toBe(403);
    expect(privateHits).toEqual([]);
    const followed = await proxy(`${origin}/redirect-public?v=1`);
    expect(followed.status).toBe(200);
  });

  it('refuses what is not a picture: by its declared type, and by its bytes when the type lies', async () => {
    expect(await refusal(await proxy(`${origin}/page.html`))).toMatchObject({
      status: 415,
      message: expect.stringContaining('text/html'),
    });
    expect((await proxy(`${origin}/lying.png`)).status).toBe(415);
  });

  it('refuses SVG', async () => {
    expect(await refusal(await proxy(`${origin}/drawing.svg`))).toMatchObject({
      status: 415,
      message: expect.stringContaining('SVG'),
    });
  });

  it('refuses a picture over 10 MB, announced or not', async () => {
    expect(await refusal(await proxy(`${origin}/huge.png`))).toMatchObject({
      status: 413,
      message: expect.stringContaining('10 MB'),
    });
    expect((await proxy(`${origin}/huge-unannounced.png`)).status).toBe(413);
  });

  it('serves a picture again from its cache without fetching it again', async () => {
    const url = `${origin}/pic.png?v=cached`;
    expect((await proxy(url)).status).toBe(200);
    expect((await proxy(url)).status).toBe(200);
    expect(publicHits).toEqual(['/pic.png?v=cached']);
  });
});

describe('GET /api/share/{shareId}/images', () => {
  let shareId: string;
  beforeAll(async () => {
    const convo = await insertConversation(server, ann.id, { title: 'Pictures' });
    const question = await insertMessage(server, ann.id, convo.conversationId, { text: 'a chart?' });
    await insertMessage(server, ann.id, convo.conversationId, {
      text: `Here it is: ![chart](${origin}/shared.png?q=1)`,
      parentMessageId: question.messageId,
      isCreatedByUser: false,
      sender: 'GPT',
    });
    const res = await server.api(`/api/share/${convo.conversationId}`, { method: 'POST', token: ann.token });
    shareId = (await json<SharedLink>(res)).shareId;
  });
  const shareProxy = (url: string, id = shareId) =>
    server.api(`/api/share/${id}/images?url=${encodeURIComponent(url)}`);

  it('fetches, without sign-in, a picture the shared answer links', async () => {
    const res = await shareProxy(`${origin}/shared.png?q=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(publicHits).toEqual(['/shared.png?q=1']);
  });

  it('refuses an address the share does not hold: it is no open proxy', async () => {
    for (const url of [`${origin}/pic.png?v=open`, `${origin}/shared.png`, `${origin}/`]) {
      const { status, message } = await refusal(await shareProxy(url));
      expect(status, url).toBe(403);
      expect(message).toContain('does not link that picture');
    }
    expect(publicHits).toEqual([]);
  });

  it('answers 404 for an unknown share', async () => {
    expect((await shareProxy(`${origin}/shared.png?q=1`, 'no-such-share-id')).status).toBe(404);
  });
});

describe('interface.remoteImages: block', () => {
  let blocking: TestServer;
  beforeAll(async () => {
    blocking = await startTestServer({
      env: { USER_BASE_URL_ALLOWLIST: '127.0.0.2' },
      yaml: 'version: 1.2.8\ninterface:\n  remoteImages: block\n',
    });
  });
  afterAll(() => blocking.stop());

  it('refuses every picture and fetches nothing', async () => {
    const user = await createTestUser(blocking);
    const res = await blocking.api(`/api/images/proxy?url=${encodeURIComponent(`${origin}/pic.png?v=b`)}`, {
      token: user.token,
    });
    expect(res.status).toBe(403);
    expect(publicHits).toEqual([]);
    const config = (await (await blocking.api('/api/config')).json()) as {
      interface: { remoteImages: string };
    };
    expect(config.interface.remoteImages).toBe('block');
  });
});
