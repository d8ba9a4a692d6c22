import { createOpenAI } from '@ai-sdk/openai';
import { createAiSdkProvider, standardSettings, toModelMessages } from './ai-sdk-provider.ts';
import { modelCache } from './model-cache.ts';
import { bodyAdjustingFetch } from './body-adjusting-fetch.ts';
import { listOpenAIModels } from './model-listing.ts';
import type { ModelParameters, Provider } from './provider.ts';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAIOptions {
  apiKey: string;
  baseURL?: string;
  organization?: string;
  headers?: Record<string, string>;
  addParams?: Record<string, unknown>;
  dropParams?: string[];
  fetch?: typeof fetch;
}

/**
 * OpenAI itself: Chat Completions by default, the Responses API when the conversation sets
 * `useResponsesApi`. Reasoning effort goes to both; a reasoning summary only exists in
 * the Responses API.
 */
export function createOpenAIProvider(opts: OpenAIOptions): Provider {
  const baseURL = opts.baseURL ?? OPENAI_BASE_URL;
  const sdk = createOpenAI({
    apiKey: opts.apiKey,
    baseURL,
    organization: opts.organization,
    headers: opts.headers,
    fetch: bodyAdjustingFetch(opts.addParams, opts.dropParams, opts.fetch),
  });
  const chatModel = modelCache((id) => sdk.chat(id));
  const responsesModel = modelCache((id) => sdk.responses(id));
  return createAiSdkProvider({
    prepare: (request) => {
      const p = request.parameters;
      return {
        model: p.useResponsesApi ? responsesModel(request.model) : chatModel(request.model),
        messages: toModelMessages(request.messages),
        settings: standardSettings(p),
        providerOptions: openAIProviderOptions(p),
      };
    },
    listModels: (signal) =>
      listOpenAIModels(
        baseURL,
        { authorization: `Bearer ${opts.apiKey}`, ...opts.headers },
        signal,
        opts.fetch,
      ),
  });
}

/** `providerOptions.openai` for reasoning settings (shared with Azure). */
export function openAIProviderOptions(p: ModelParameters) {
  const openai: Record<string, string> = {};
  if (p.reasoningEffort) openai.reasoningEffort = p.reasoningEffort;
  if (p.useResponsesApi && p.reasoningSummary) openai.reasoningSummary = p.reasoningSummary;
  return Object.keys(openai).length ? { openai } : undefined;
}
