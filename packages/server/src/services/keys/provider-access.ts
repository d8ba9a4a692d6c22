import { userKeyBundleSchema, type UserKeyBundle } from '@parley/schema';
import type { ChatEndpoint } from '../endpoints/endpoint.ts';
import type { Provider, ProviderEvent, ProviderFailure } from '../providers/provider.ts';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import { RefusedUrlError } from '../net/refused-url-error.ts';
import type { KeyStore } from './key-store.ts';

/** The provider a request uses, or why there is none (the stream's error). */
export type ProviderAccess =
  { provider: Provider; failure?: undefined } | { provider?: undefined; failure: ProviderFailure };

/** A stored value: a JSON bundle of credentials, or the API key itself. */
export function readKeyValue(value: string): UserKeyBundle {
  if (value.trimStart().startsWith('{')) {
    try {
      const parsed = userKeyBundleSchema.safeParse(JSON.parse(value));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON after all: a key that happens to start with a brace.
    }
  }
  return { apiKey: value };
}

/**
 * The provider for one user's request: the server's own, or one built from the user's stored
 * key. A base URL the user typed is checked first (a clear error at once) and every request to
 * it goes through the guarded client, which checks each redirect and connection too. A missing key is
 * `no_user_key` (`no_base_url` for a missing URL), an expired one `expired_user_key`; a key the
 * provider refuses becomes `invalid_user_key` when the stream fails.
 */
export async function resolveProviderAccess(
  endpoint: ChatEndpoint,
  userId: string,
  keys: KeyStore,
  guard: GuardedHttpClient,
  now = new Date(),
): Promise<ProviderAccess> {
  if (endpoint.provider) return { provider: endpoint.provider };
  if (!endpoint.providerFor)
    return { failure: { message: 'This endpoint cannot be called', key: 'no_user_key' } };
  let stored;
  try {
    stored = await keys.get(userId, endpoint.name);
  } catch {
    // Encrypted under another CREDS_KEY: the user has to set it again.
    return { failure: { message: 'The stored key could not be read', key: 'invalid_user_key' } };
  }
  const noKey: ProviderFailure = endpoint.userProvide
    ? { message: 'No API key was provided for this endpoint', key: 'no_user_key' }
    : { message: 'No base URL was provided for this endpoint', key: 'no_base_url' };
  if (!stored) return { failure: noKey };
  if (stored.expiresAt && stored.expiresAt <= now) {
    return {
      failure: {
        message: 'The API key for this endpoint has expired',
        key: 'expired_user_key',
        extra: { expiredAt: stored.expiresAt.toISOString(), endpoint: endpoint.name },
      },
    };
  }
  const credentials = readKeyValue(stored.value);
  if (endpoint.userProvide && !hasKey(endpoint, credentials)) return { failure: noKey };
  if (endpoint.userProvideURL) {
    if (!credentials.baseURL) return { failure: { message: 'No base URL was provided', key: 'no_base_url' } };
    try {
      await guard.check(credentials.baseURL);
    } catch (error) {
      if (error instanceof RefusedUrlError)
        return { failure: { message: `The base URL was refused: ${error.message}` } };
      throw error;
    }
  }
  const provider = endpoint.providerFor({
    ...credentials,
    fetch: endpoint.userProvideURL ? guard.fetch : undefined,
  });
  return { provider: endpoint.userProvide ? refusedKeyIsInvalid(provider) : provider };
}

function hasKey(endpoint: ChatEndpoint, c: UserKeyBundle): boolean {
  if (endpoint.type === 'bedrock') return Boolean(c.accessKeyId && c.secretAccessKey);
  return Boolean(c.apiKey);
}

/**
 * A provider called with the user's key: an authentication refusal (401, or 403 where AWS
 * answers that) is the user's key being invalid, which the client words as such.
 */
export function refusedKeyIsInvalid(provider: Provider): Provider {
  return {
    ...provider,
    async *stream(request): AsyncIterable<ProviderEvent> {
      for await (const event of provider.stream(request)) {
        if (event.type === 'error' && (event.failure.status === 401 || event.failure.status === 403)) {
          yield { type: 'error', failure: { ...event.failure, key: 'invalid_user_key' } };
        } else yield event;
      }
    },
  };
}
