import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createAiSdkProvider, standardSettings, toModelMessages } from './ai-sdk-provider.ts';
import { modelCache } from './model-cache.ts';
import { listGeminiModels } from './model-listing.ts';
import type { Provider } from './provider.ts';

export const GOOGLE_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';

export interface GoogleOptions {
  apiKey: string;
  /** Including `/v1beta`. */
  baseURL?: string;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

/**
 * Google Gemini (`streamGenerateContent`). `thinking` sends `thinkingConfig` with the budget
 * (-1 lets the model decide, 0 turns thinking off) and asks for the thoughts, so they stream as
 * reasoning. Refusals are reported as `google_error`.
 */
export function createGoogleProvider(opts: GoogleOptions): Provider {
  const baseURL = opts.baseURL ?? GOOGLE_BASE_URL;
  const sdk = createGoogleGenerativeAI({
    apiKey: opts.apiKey,
    baseURL,
    headers: opts.headers,
    fetch: opts.fetch,
  });
  const modelFor = modelCache((id) => sdk(id));
  return createAiSdkProvider({
    failureSource: 'google',
    prepare: (request) => {
      const p = request.parameters;
      const thinking = p.thinking && p.thinkingBudget !== undefined;
      return {
        model: modelFor(request.model),
        messages: toModelMessages(request.messages),
        settings: { ...standardSettings(p), topK: p.topK },
        providerOptions: thinking
          ? {
              google: {
                thinkingConfig: {
                  thinkingBudget: p.thinkingBudget!,
                  includeThoughts: p.thinkingBudget !== 0,
                },
              },
            }
          : undefined,
      };
    },
    listModels: (signal) => listGeminiModels(baseURL, opts.apiKey, signal, opts.fetch),
  });
}
