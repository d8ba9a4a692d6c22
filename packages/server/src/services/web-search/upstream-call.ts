import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import { RefusedUrlError } from '../net/refused-url-error.ts';

/** A search, scrape or rerank step that failed; its message is what the model and the user read. */
export class WebSearchStepError extends Error {}

/** The most bytes of one vendor's JSON answer read; more is refused, not parsed. */
export const MAX_JSON_BYTES = 5 * 1024 * 1024;

/**
 * One request to a vendor or a page through the guard, with a time limit and the caller's stop
 * signal. Every failure (refused address, time-out, network error, non-2xx answer) becomes a
 * WebSearchStepError naming `what` was being done, never a raw exception.
 */
export async function guardedRequest(
  http: GuardedHttpClient,
  what: string,
  url: string,
  init: RequestInit & { timeoutMs: number; signal: AbortSignal },
): Promise<Response> {
  const timeout = AbortSignal.timeout(init.timeoutMs);
  let response: Response;
  try {
    response = await http.fetch(url, { ...init, signal: AbortSignal.any([init.signal, timeout]) });
  } catch (error) {
    if (init.signal.aborted) throw error;
    if (timeout.aborted)
      throw new WebSearchStepError(`${what} did not answer within ${init.timeoutMs / 1000} s`);
    if (error instanceof RefusedUrlError)
      throw new WebSearchStepError(`${what} was refused: ${error.message}`);
    throw new WebSearchStepError(`${what} could not be reached (${(error as Error).message})`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new WebSearchStepError(`${what} answered HTTP ${response.status}`);
  }
  return response;
}

/**
 * The body's first `maxBytes` bytes; `complete` is false when there was more (the rest is not
 * read). A stream that fails midway keeps what arrived.
 */
export async function readBounded(
  response: Response,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; complete: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: new Uint8Array(), complete: true };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let complete = true;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      complete = false;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { bytes, complete };
}

/** A vendor's JSON answer, bounded in size; garbage or an oversized answer is a step error. */
export async function readVendorJson(response: Response, what: string): Promise<unknown> {
  const { bytes, complete } = await readBounded(response, MAX_JSON_BYTES);
  if (!complete)
    throw new WebSearchStepError(`${what} answered more than ${MAX_JSON_BYTES / 1024 / 1024} MB`);
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    throw new WebSearchStepError(`${what} answered something that is not JSON`);
  }
}
