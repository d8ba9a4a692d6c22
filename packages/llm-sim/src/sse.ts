// Server-sent events framing shared by the streaming protocols.
import type { ServerResponse } from 'node:http';

export function startEventStream(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  // Send the headers now: clients resolve their request when headers arrive, before the first token.
  res.flushHeaders();
}

/** One `data:` event; JSON payloads never contain raw newlines, so one line is enough. */
export function dataEvent(payload: unknown): string {
  return `data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`;
}

/**
 * Drops the connection after flushing what was written, without finishing the HTTP response, so the
 * client sees a truncated stream exactly as when an upstream provider dies.
 */
export function dropConnection(res: ServerResponse): void {
  const socket = res.socket;
  if (!socket) return;
  socket.end(() => socket.destroy());
}

/** A named event (`event:` line), as the Responses and Anthropic streams frame theirs. */
export function namedEvent(name: string, payload: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
}
