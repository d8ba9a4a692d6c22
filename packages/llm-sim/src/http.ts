// Small node:http helpers: reading a JSON body and writing a JSON answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimError } from './script.ts';

/** Far above any real chat request (images are inlined as base64), yet bounded. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

export type BodyResult = { ok: true; value: unknown } | { ok: false; error: SimError };

/**
 * Reads and parses the JSON body. When a framework has already consumed the stream and left the
 * result on `req.body` (Express, or Fastify passing its parsed body along), that is used instead.
 */
export async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  const preParsed = (req as IncomingMessage & { body?: unknown }).body;
  if (preParsed !== undefined && !Buffer.isBuffer(preParsed) && typeof preParsed !== 'string') {
    return { ok: true, value: preParsed };
  }
  const raw = preParsed ?? (await readRaw(req));
  if (raw === undefined) return badRequest('The request body is too large.', 413);
  try {
    return { ok: true, value: JSON.parse(raw.toString()) as unknown };
  } catch {
    return badRequest('We could not parse the JSON body of your request.');
  }
}

/** The raw body, or undefined when it is larger than `limit` bytes. */
export async function readRaw(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function badRequest(message: string, status = 400): BodyResult {
  return { ok: false, error: { kind: 'bad-request', status, message } };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}
