import type { ServerResponse } from 'node:http';
import { STREAM_PING_INTERVAL_MS } from '@parley/schema';
import type { EventSink } from '../services/generation/job-follower.ts';

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const;

/**
 * A server-sent-events response written straight to the socket (PROTOCOL.md): `event: message`
 * or `event: error` with one `data:` line of JSON (JSON never contains a raw newline), and a
 * `: ping` comment while idle so proxies keep the connection open.
 *
 * The events written while one piece of work runs (a callback and the promise continuations it
 * sets off) leave together, in one write once it is done: a model stream read late delivers many
 * tokens at once, and writing each as it came cost a system call and a wake-up of the reader
 * apiece. Order is kept, and nothing waits for other work.
 */
export class SseStream implements EventSink {
  private readonly ping: NodeJS.Timeout;
  private open = true;
  private readonly closeHandlers: (() => void)[] = [];
  /** Events written by the work running now, not sent yet. */
  private pending = '';
  private flushQueued = false;

  constructor(
    private readonly res: ServerResponse,
    pingMs = STREAM_PING_INTERVAL_MS,
  ) {
    // Events are small writes that must leave at once: no Nagle batching on this socket.
    res.socket?.setNoDelay(true);
    res.writeHead(200, SSE_HEADERS);
    res.flushHeaders();
    this.ping = setInterval(() => this.write(': ping\n\n'), pingMs);
    this.ping.unref();
    res.on('close', () => this.dispose());
    // The client may have gone while the request was being handled: 'close' has fired already.
    if (res.destroyed || res.socket?.destroyed === true) this.dispose();
  }

  get isOpen(): boolean {
    return this.open;
  }

  message(json: string): void {
    this.write(`event: message\ndata: ${json}\n\n`);
  }

  error(json: string): void {
    this.write(`event: error\ndata: ${json}\n\n`);
  }

  attachment(json: string): void {
    this.write(`event: attachment\ndata: ${json}\n\n`);
  }

  /** A bare `data:` event, unnamed: the OpenAI-compatible stream's format (`/v1/`). */
  data(text: string): void {
    this.write(`data: ${text}\n\n`);
  }

  /** Ends the response; the client sees the stream close. */
  end(): void {
    if (!this.open) return;
    this.flush();
    this.res.end();
    this.dispose();
  }

  /** Called once when the stream ends or the client goes away. */
  onClose(handler: () => void): void {
    if (this.open) this.closeHandlers.push(handler);
    else handler();
  }

  private write(chunk: string): void {
    if (!this.open) return;
    this.pending += chunk;
    if (this.flushQueued) return;
    this.flushQueued = true;
    // A microtask queued now schedules a next-tick callback, and Node.js runs those only once the
    // whole microtask queue has drained: after everything the current work goes on to write.
    queueMicrotask(() => process.nextTick(() => this.flush()));
  }

  private flush(): void {
    this.flushQueued = false;
    const chunk = this.pending;
    this.pending = '';
    if (chunk && this.open) this.res.write(chunk);
  }

  private dispose(): void {
    if (!this.open) return;
    this.open = false;
    clearInterval(this.ping);
    this.pending = '';
    for (const handler of this.closeHandlers.splice(0)) handler();
  }
}
