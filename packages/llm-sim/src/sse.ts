// Server-sent events framing shared by the streaming protocols, and the abrupt end of a stream.
import type { ServerResponse } from 'node:http';
import { constants, type Http2ServerResponse } from 'node:http2';

export function startEventStream(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    // HTTP/2 forbids connection-specific headers.
    ...(http2Stream(res) ? {} : { connection: 'keep-alive' }),
    'x-accel-buffering': 'no',
  });
  // Send the headers now: clients resolve their request when headers arrive, before the first token.
  res.flushHeaders();
}

/** One `data:` event; JSON payloads never contain raw newlines, so one line is enough. */
export function dataEvent(payload: unknown): string {
  return `data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`;
}

/** A named event (`event:` line), as the Responses and Anthropic streams frame theirs. */
export function namedEvent(name: string, payload: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/**
 * Drops the connection after flushing what was written, without finishing the HTTP response, so the
 * client sees a truncated stream exactly as when an upstream provider dies. On HTTP/2 only this
 * request's stream is reset, as a proxy in front of a dying provider would.
 */
export function dropConnection(res: ServerResponse): void {
  dropped.add(res);
  const stream = http2Stream(res);
  if (stream) {
    res.write('', () => stream.close(constants.NGHTTP2_INTERNAL_ERROR));
    return;
  }
  const socket = res.socket;
  if (!socket) return;
  // The close follows the last bytes after a pause, as a provider's dying connection does: Node 24's
  // HTTP client loses a body chunk that arrives in the same read as the connection's end (Node 20
  // and 22 delivered it), so a drop sent with the data would test that runtime quirk instead of
  // how Parley saves a cut-off answer.
  res.write('', () => {
    setTimeout(() => socket.end(() => socket.destroy()), DROP_PAUSE_MS);
  });
}

/** How long after its last bytes a dropped connection closes (see dropConnection). */
const DROP_PAUSE_MS = 25;

/** Responses whose connection is being dropped: nothing may finish them cleanly meanwhile. */
const dropped = new WeakSet<ServerResponse>();

/** True once dropConnection was called for `res` (its generation must not end it normally). */
export function isBeingDropped(res: ServerResponse): boolean {
  return dropped.has(res);
}

/** The HTTP/2 stream behind a compatibility-API response; undefined on HTTP/1.1. */
function http2Stream(res: ServerResponse): Http2ServerResponse['stream'] | undefined {
  return 'stream' in res ? (res as unknown as Http2ServerResponse).stream : undefined;
}
