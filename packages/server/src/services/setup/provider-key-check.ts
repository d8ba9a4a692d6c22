import type { ProviderCheckAnswer, SetupProvider, SetupProviderKind } from '@parley/schema';
import { listAnthropicModels, listGeminiModels, listOpenAIModels } from '../providers/model-listing.ts';

/** The providers' own addresses, used when the setup page names no base URL. */
const DEFAULT_BASE_URLS: Record<SetupProviderKind, string> = {
  openAI: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
};

/** A slow provider must not hold the setup page for long: the person can try again. */
const CHECK_TIMEOUT_MS = 10_000;

/**
 * Tries the key with one cheap request (the provider's model list) before setup saves it, so a
 * typo shows on the page instead of as a failed first chat.
 */
export async function checkProviderKey(
  provider: SetupProvider,
  f: typeof fetch = fetch,
): Promise<ProviderCheckAnswer> {
  const baseURL = provider.baseURL ?? DEFAULT_BASE_URLS[provider.kind];
  const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  try {
    const models = await listModels(provider.kind, baseURL, provider.apiKey, signal, f);
    return { ok: true, message: `The key works: ${models.length} models available.` };
  } catch (err) {
    return { ok: false, message: `The provider refused the key or could not be reached (${reason(err)}).` };
  }
}

function listModels(
  kind: SetupProviderKind,
  baseURL: string,
  apiKey: string,
  signal: AbortSignal,
  f: typeof fetch,
): Promise<string[]> {
  if (kind === 'anthropic') return listAnthropicModels(baseURL, apiKey, signal, f);
  if (kind === 'google') return listGeminiModels(baseURL, apiKey, signal, f);
  return listOpenAIModels(baseURL, { authorization: `Bearer ${apiKey}` }, signal, f);
}

function reason(err: unknown): string {
  if (err instanceof Error && err.name === 'TimeoutError') return 'no answer within 10 seconds';
  return err instanceof Error ? err.message : String(err);
}
