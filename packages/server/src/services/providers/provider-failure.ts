import { APICallError } from 'ai';
import type { ProviderFailure } from './provider.ts';

/** Turns whatever a provider SDK threw into a ProviderFailure. */
export function describeFailure(error: unknown, answerStarted: boolean): ProviderFailure {
  const status = APICallError.isInstance(error) ? error.statusCode : undefined;
  // A stream that breaks after a successful start (the SDK reports the 200 it began with, or no
  // status at all) lost its upstream: the answer so far is kept as unfinished. An error status,
  // or a failure before any text, is a plain failure.
  if (answerStarted && (status === undefined || status < 400)) {
    return { message: errorMessage(error) || 'Upstream connection lost', lostConnection: true };
  }
  if (APICallError.isInstance(error) && status !== undefined && status >= 400) {
    return { message: upstreamMessage(error), status };
  }
  return { message: errorMessage(error) || 'Upstream connection failed' };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function upstreamMessage(error: APICallError): string {
  const data = error.data as { error?: { message?: unknown } } | undefined;
  const fromBody = typeof data?.error?.message === 'string' ? data.error.message : undefined;
  return fromBody ?? error.message;
}

/**
 * The `text` of the stream's error event (PROTOCOL.md): a spec error key as a JSON string when one
 * applies, otherwise a readable message naming the upstream status.
 */
export function failureText(failure: ProviderFailure): string {
  if (failure.key) return JSON.stringify({ type: failure.key });
  switch (failure.status) {
    case undefined:
      return `Could not reach the model provider: ${failure.message}`;
    case 401:
    case 403:
      return `The model provider refused the server's API key (${failure.status}): ${failure.message}`;
    case 429:
      return `The model provider's rate limit was reached (429): ${failure.message}`;
    default:
      return `The model provider answered with an error (${failure.status}): ${failure.message}`;
  }
}
