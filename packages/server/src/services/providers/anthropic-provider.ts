import { createAnthropic } from '@ai-sdk/anthropic';
import {
  createAiSdkProvider,
  markCacheBreakpoints,
  standardSettings,
  toModelMessages,
} from './ai-sdk-provider.ts';
import { modelCache } from './model-cache.ts';
import { listAnthropicModels } from './model-listing.ts';
import type { Provider } from './provider.ts';

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com/v1';

export interface AnthropicOptions {
  apiKey: string;
  /** Including `/v1`. */
  baseURL?: string;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

const EPHEMERAL = { anthropic: { cacheControl: { type: 'ephemeral' } } };

/**
 * Anthropic Messages. `thinking` turns on extended thinking with `thinkingBudget` tokens (the
 * SDK adds the budget to max_tokens and leaves out temperature / top_p / top_k, which thinking
 * does not allow); `promptCache` marks the system prompt and the last two user turns with
 * `cache_control`.
 */
export function createAnthropicProvider(opts: AnthropicOptions): Provider {
  const baseURL = opts.baseURL ?? ANTHROPIC_BASE_URL;
  const sdk = createAnthropic({ apiKey: opts.apiKey, baseURL, headers: opts.headers, fetch: opts.fetch });
  const modelFor = modelCache((id) => sdk(id));
  return createAiSdkProvider({
    prepare: (request) => {
      const p = request.parameters;
      const messages = toModelMessages(request.messages);
      return {
        model: modelFor(request.model),
        messages: p.promptCache ? markCacheBreakpoints(messages, EPHEMERAL) : messages,
        settings: {
          ...standardSettings(p),
          topK: p.topK,
          frequencyPenalty: undefined,
          presencePenalty: undefined,
        },
        providerOptions:
          p.thinking && p.thinkingBudget
            ? { anthropic: { thinking: { type: 'enabled', budgetTokens: p.thinkingBudget } } }
            : undefined,
      };
    },
    listModels: (signal) => listAnthropicModels(baseURL, opts.apiKey, signal, opts.fetch),
  });
}
