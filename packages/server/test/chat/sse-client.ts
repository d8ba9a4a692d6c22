import type { ApiClient } from '../helpers/test-server.ts';

/** One parsed server-sent event. */
export interface SseEvent {
  event: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface OpenStream {
  response: Response;
  /** Resolves with the next event, or null when the stream ended. */
  next(): Promise<SseEvent | null>;
  /** Reads until the stream ends. */
  rest(): Promise<SseEvent[]>;
  /** Reads until an event matches, returning every event read. */
  until(match: (e: SseEvent) => boolean): Promise<SseEvent[]>;
  /** Drops the connection (like closing the tab). */
  close(): void;
}

/** Opens an SSE request and parses its events as they arrive. */
export async function openStream(
  server: ApiClient,
  path: string,
  init: { token: string; json?: unknown; method?: string; headers?: Record<string, string> },
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await server.api(path, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    json: init.json,
    token: init.token,
    headers: init.headers,
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const queue: SseEvent[] = [];
  let done = false;
  const pump = async (): Promise<void> => {
    const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (chunk.done) {
      done = true;
      return;
    }
    buffer += chunk.value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
      if (data !== undefined) queue.push({ event, data: JSON.parse(data) });
    }
  };
  const next = async (): Promise<SseEvent | null> => {
    while (queue.length === 0 && !done) await pump();
    return queue.shift() ?? null;
  };
  const until = async (match: (e: SseEvent) => boolean) => {
    const events: SseEvent[] = [];
    for (let e = await next(); e; e = await next()) {
      events.push(e);
      if (match(e)) break;
    }
    return events;
  };
  return {
    response,
    next,
    until,
    rest: () => until(() => false),
    close: () => controller.abort(),
  };
}

/** The text streamed by message deltas. */
export function deltaText(events: SseEvent[]): string {
  return events
    .filter((e) => e.data.event === 'on_message_delta')
    .map((e) => e.data.data.delta.content.map((c: { text: string }) => c.text).join(''))
    .join('');
}

export const finalOf = (events: SseEvent[]) => events.find((e) => e.data.final && !e.data.error)?.data;

/** A JSON answer, loosely typed for assertions. */
export const jsonOf = (res: Response) => res.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
