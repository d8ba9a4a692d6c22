import { APICallError } from 'ai';
import type { ProviderFailure } from './provider.ts';

/** Turns whatever a provider SDK threw into a ProviderFailure. */
export function describeFailure(error: unknown, answerStarted: boolean): ProviderFailure {
  if (APICallError.isInstance(error)) {
    return { message: upstreamMessage(error), status: error.statusCode };
  }
  const message = error instanceof Error ? error.message : String(error);
  // Without an HTTP status the connection itself failed; once text had arrived that is a lost
  // upstream (the answer is kept as unfinished), before it a plain failure.
  return { message: message || 'Upstream connection failed', lostConnection: answerStarted };
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
