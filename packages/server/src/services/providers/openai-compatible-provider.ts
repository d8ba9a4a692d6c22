import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createAiSdkProvider, standardSettings, toModelMessages } from './ai-sdk-provider.ts';
import { modelCache } from './model-cache.ts';
import { listOpenAIModels } from './model-listing.ts';
import type { Provider } from './provider.ts';

export interface OpenAICompatibleOptions {
  /** Names the provider in logs and AI SDK metadata. */
  name: string;
  baseURL: string;
  apiKey?: string;
  headers?: Record<string, string>;
  /** Merged into every request body (parley.yaml `addParams`). */
  addParams?: Record<string, unknown>;
  /** Removed from every request body (parley.yaml `dropParams`). */
  dropParams?: string[];
  /** Replaces fetch (the guarded fetch for a user-provided base URL). */
  fetch?: typeof fetch;
}

/** An OpenAI Chat Completions speaker (custom endpoints, the Demo simulator) via the AI SDK. */
export function createOpenAICompatibleProvider(opts: OpenAICompatibleOptions): Provider {
  const { addParams, dropParams } = opts;
  const sdk = createOpenAICompatible({
    name: opts.name,
    baseURL: opts.baseURL,
    apiKey: opts.apiKey,
    headers: opts.headers,
    includeUsage: true,
    fetch: opts.fetch,
    transformRequestBody:
      addParams || dropParams?.length ? (body) => adjustBody(body, addParams, dropParams) : undefined,
  });
  const modelFor = modelCache((id) => sdk(id));
  return createAiSdkProvider({
    prepare: (request) => {
      const p = request.parameters;
      return {
        model: modelFor(request.model),
        messages: toModelMessages(request.messages),
        settings: standardSettings(p),
        // Servers such as vLLM, Groq or OpenRouter take OpenAI's reasoning_effort as is.
        providerOptions: p.reasoningEffort
          ? { openaiCompatible: { reasoningEffort: p.reasoningEffort } }
          : undefined,
      };
    },
    listModels: (signal) =>
      listOpenAIModels(
        opts.baseURL,
        { ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}), ...opts.headers },
        signal,
        opts.fetch,
      ),
  });
}

/** `addParams` merged in, then `dropParams` removed (a key in both is dropped). */
export function adjustBody(
  body: Record<string, unknown>,
  addParams: Record<string, unknown> | undefined,
  dropParams: string[] | undefined,
): Record<string, unknown> {
  const result = { ...body, ...addParams };
  for (const key of dropParams ?? []) delete result[key];
  return result;
}
