import { RESUMABLE_STREAM_HEADER } from '@parley/schema';
import { refreshSession } from '../../api/client';
import { authStore } from '../../store/auth-store';
import { createSseParser, type SseEvent } from './sse-parser';
import { StreamRefused } from './stream-refused';

function request(path: string, body: unknown, token: string | null, signal: AbortSignal) {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    // This client re-attaches after a reload and stops with the stop call, so its generations
    // go on when the page closes (PROTOCOL.md); other clients' stop when their stream closes.
    headers[RESUMABLE_STREAM_HEADER] = 'true';
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
}

/**
 * Opens a chat stream (POST with a body, or GET to resume) and calls back per SSE event until it
 * ends. A 401 refreshes the session once and retries with the new token. Resolves when the stream closes.
 */
export async function readStream(
  path: string,
  body: unknown,
  signal: AbortSignal,
  onEvent: (event: SseEvent) => void,
): Promise<void> {
  let res = await request(path, body, authStore.getState().token, signal);
  if (res.status === 401) {
    const token = await refreshSession();
    if (token) res = await request(path, body, token, signal);
  }
  if (!res.ok || !res.body) throw new StreamRefused(res.status, await res.text().catch(() => ''));
  const parser = createSseParser(onEvent);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.push(value);
  }
  parser.end();
}
