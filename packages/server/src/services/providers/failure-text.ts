import type { ProviderFailure } from './provider.ts';

// Kept apart from provider-failure.ts (which reads the AI SDK's error class) so that the chat
// pipeline can word a failure without loading the AI SDK before any provider has been called.

/**
 * The `text` of the stream's error event (PROTOCOL.md): a spec error key as a JSON string when one
 * applies (`{"type":"no_user_key"}`, with `info` and other details for the keys that show them),
 * otherwise `provider_error` with the upstream status, message and retry-after, or
 * `provider_unreachable` when no provider answered.
 */
export function failureText(failure: ProviderFailure): string {
  if (failure.local) return failure.message;
  if (failure.key) {
    return JSON.stringify({
      type: failure.key,
      ...(failure.info ? { info: failure.info } : {}),
      ...failure.extra,
    });
  }
  // Upstream codes the client words itself (asking the user to set their own key): the server's key ran out, or the provider
  // refused it (OpenAI's 401 `invalid_api_key`).
  if (failure.code === 'insufficient_quota' || failure.code === 'invalid_api_key') {
    return JSON.stringify({ code: failure.code, message: failure.message });
  }
  // The rest is the provider's own refusal (a key, a rate limit, a server error) or no answer at
  // all: the client words these itself, without the catalogue's generic "Something went wrong"
  // preamble, and counts down a rate limit's wait.
  if (failure.status === undefined) {
    return JSON.stringify({ type: 'provider_unreachable', message: failure.message });
  }
  return JSON.stringify({
    type: 'provider_error',
    status: failure.status,
    message: failure.message,
    ...(failure.retryAfterSeconds === undefined ? {} : { retryAfter: failure.retryAfterSeconds }),
  });
}
