// One streamed request, timed the same way whatever answers it: from the moment the request is
// sent to the first data event that carries answer text. Both the simulator's OpenAI stream and
// Parley's stream go through this code; only `textOf` (which reads a data payload) differs.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/** Reads the answer text a data payload carries (null when it carries none). */
export type TextOf = (data: string) => string | null;

export interface StreamTiming {
  status: number;
  /** Request start to first answer text, in ms (NaN when none arrived). */
  ttftMs: number;
  totalMs: number;
  /** Every piece of answer text, in arrival order. */
  pieces: string[];
  /** The data payloads that were not text (e.g. Parley's final), in order. */
  others: string[];
  error?: string;
}

export interface StreamOptions {
  /** Called with every data payload as it arrives (e.g. to stop a stream after its first text). */
  onData?: (data: string) => void;
  /** Gives up on a stream that has not ended after this long; its error then says it hung. */
  timeoutMs?: number;
}

export const HUNG = 'hung past its timeout';

/** Sockets are not reused across streams (each stream opens its own, like separate browsers). */
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });

export function timedStream(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  textOf: TextOf,
  options: StreamOptions = {},
): Promise<StreamTiming> {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const started = performance.now();
    const timing: StreamTiming = { status: 0, ttftMs: Number.NaN, totalMs: 0, pieces: [], others: [] };
    let settled = false;
    const timer = options.timeoutMs
      ? setTimeout(() => {
          done(HUNG);
          req.destroy();
        }, options.timeoutMs)
      : undefined;
    const done = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      timing.totalMs = performance.now() - started;
      if (error) timing.error = error;
      resolve(timing);
    };
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        timing.status = res.statusCode ?? 0;
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of block.split('\n')) {
              if (!line.startsWith('data: ')) continue;
              const data = line.slice(6);
              options.onData?.(data);
              const text = textOf(data);
              if (text === null) {
                timing.others.push(data);
                continue;
              }
              if (Number.isNaN(timing.ttftMs)) timing.ttftMs = performance.now() - started;
              timing.pieces.push(text);
            }
          }
        });
        res.on('end', () => done());
        res.on('error', (err) => done(err.message));
        // A connection cut mid-answer (an instance killed) closes without 'end' or 'error'.
        res.on('close', () => done(res.complete ? undefined : 'connection closed mid-stream'));
      },
    );
    req.setNoDelay(true);
    req.on('error', (err) => done(err.message));
    req.end(payload);
  });
}

/** OpenAI chat-completions chunks: `choices[0].delta.content`. */
export const openAIText: TextOf = (data) => {
  if (data === '[DONE]') return null;
  const content = (JSON.parse(data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta
    ?.content;
  return content ? content : null;
};

/** Parley's stream: the text of `on_message_delta` events. */
export const parleyText: TextOf = (data) => {
  const event = JSON.parse(data) as {
    event?: string;
    data?: { delta?: { content?: { type: string; text?: string }[] } };
  };
  if (event.event !== 'on_message_delta') return null;
  return (event.data?.delta?.content ?? []).map((c) => c.text ?? '').join('');
};

export function percentile(values: number[], p: number): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
