import { createServer, get, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SseStream } from './sse-stream.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves one SseStream driven by `drive`, and answers its URL. */
async function serve(drive: (sse: SseStream, res: ServerResponse) => void, pingMs?: number): Promise<string> {
  server = createServer((_req, res) => drive(new SseStream(res, pingMs), res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe('SseStream', () => {
  it('writes the protocol headers and message / error events', async () => {
    const url = await serve((sse) => {
      sse.message('{"created":true}');
      sse.error('{"error":true,"text":"boom"}');
      sse.end();
    });
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(await res.text()).toBe(
      'event: message\ndata: {"created":true}\n\nevent: error\ndata: {"error":true,"text":"boom"}\n\n',
    );
  });

  it('sends the events of one turn in one write, in order, and the last ones before the end', async () => {
    const writes: string[] = [];
    const url = await serve((sse, res) => {
      const write = res.write.bind(res) as (chunk: string) => boolean;
      res.write = ((chunk: string) => (writes.push(chunk), write(chunk))) as typeof res.write;
      sse.message('{"n":1}');
      sse.message('{"n":2}');
      sse.error('{"n":3}');
      setImmediate(() => {
        sse.message('{"n":4}');
        sse.end();
      });
    });
    const body = await (await fetch(url)).text();
    expect(writes).toEqual([
      'event: message\ndata: {"n":1}\n\nevent: message\ndata: {"n":2}\n\nevent: error\ndata: {"n":3}\n\n',
      'event: message\ndata: {"n":4}\n\n',
    ]);
    expect(body).toBe(writes.join(''));
  });

  it('pings while idle and stops writing once ended', async () => {
    const url = await serve((sse) => {
      setTimeout(() => {
        sse.end();
        sse.message('{"late":true}');
      }, 120);
    }, 30);
    const body = await (await fetch(url)).text();
    expect(body).toMatch(/^(: ping\n\n)+$/);
    expect(body).not.toContain('late');
  });

  it('runs close handlers when the client goes away', async () => {
    let closed!: () => void;
    const wasClosed = new Promise<void>((resolve) => (closed = resolve));
    const url = await serve((sse) => {
      sse.onClose(closed);
      sse.message('{"first":true}');
    });
    // Read the first event, then drop the connection like a closed tab.
    await new Promise<void>((resolve) => {
      const req = get(url, (res) => res.once('data', () => (req.destroy(), resolve())));
    });
    await wasClosed;
  });
});
