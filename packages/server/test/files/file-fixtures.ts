import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { ApiClient, TestServer } from '../helpers/test-server.ts';
import type { TestUser } from '../helpers/test-users.ts';

/** A real PNG of the given size (a colour gradient, so it is not trivially compressible). */
export async function pngImage(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = i % 256;
    pixels[i * 3 + 1] = (i * 7) % 256;
    pixels[i * 3 + 2] = (i * 13) % 256;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export async function jpegImage(width: number, height: number): Promise<Buffer> {
  return sharp(await pngImage(width, height))
    .jpeg({ quality: 80 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG whose header declares width × height pixels: a decompression bomb. */
export function pngBomb(width = 60_000, height = 60_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** POSTs one file as the browser does (fields, then the file part). */
export function uploadFile(
  server: ApiClient,
  user: Pick<TestUser, 'token'> | undefined,
  content: Buffer | string,
  filename: string,
  opts: { path?: string; type?: string; fields?: Record<string, string> } = {},
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ endpoint: 'openAI', file_id: 'temp-1', ...opts.fields }))
    form.append(k, v);
  form.append('file', new Blob([content], { type: opts.type ?? 'application/octet-stream' }), filename);
  return server.api(opts.path ?? '/api/files', { method: 'POST', token: user?.token, body: form });
}

/** Every file under DATA_DIR/files (blobs and any leftover partial writes). */
export function storedBlobs(server: TestServer): string[] {
  const root = join(server.dataDir, 'files');
  const found: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(path.slice(root.length + 1));
    }
  };
  walk(root);
  return found;
}

/** A JSON answer as the test reads it (file objects, lists, configuration, errors). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const jsonOf = (res: Response): Promise<any> => res.json();

/**
 * Runs the `file_search` tool as a chat would, for `userId` in `conversationId`. The query goes
 * through the tool's own input schema, so a bad query fails as it would in a chat.
 */
export async function runFileSearch<Result = { results: { filename: string; content: string }[] }>(
  server: TestServer,
  userId: string,
  conversationId: string,
  query: unknown,
): Promise<Result> {
  const tool = server.ctx.tools.get('file_search')!;
  const input = tool.input.safeParse({ query });
  if (!input.success) throw new Error(input.error.issues[0]!.message);
  const context = { userId, conversationId, credentials: {}, signal: new AbortController().signal };
  return (await tool.run(input.data, context)) as Result;
}
