import { USER_PROVIDED } from '@parley/schema';
import { modelInfoOf, type CustomEndpointConfig } from '../../config/yaml-schema.ts';
import { lazyProvider } from '../providers/lazy-provider.ts';
import type { ChatEndpoint, UserCredentials } from './endpoint.ts';

/**
 * A parley.yaml `endpoints.custom[]` entry (Ollama, OpenRouter, Groq, vLLM, …) as a chat
 * endpoint speaking OpenAI Chat Completions, with the entry's headers, addParams and dropParams.
 */
export function customEndpoint(config: CustomEndpointConfig, order: number): ChatEndpoint {
  const userProvide = config.apiKey === USER_PROVIDED;
  const userProvideURL = config.baseURL === USER_PROVIDED;
  const make = (c: UserCredentials) => {
    const options = {
      name: config.name,
      baseURL: (userProvideURL ? c.baseURL : config.baseURL) ?? '',
      apiKey: userProvide ? c.apiKey : config.apiKey,
      headers: config.headers,
      addParams: config.addParams,
      dropParams: config.dropParams,
      fetch: c.fetch,
    };
    // The AI SDK's OpenAI-compatible provider loads on the endpoint's first call.
    return lazyProvider(async () =>
      (await import('../providers/openai-compatible-provider.ts')).createOpenAICompatibleProvider(options),
    );
  };
  return {
    name: config.name,
    type: 'custom',
    family: 'openAI',
    order,
    modelDisplayLabel: config.modelDisplayLabel,
    iconURL: config.iconURL,
    userProvide,
    userProvideURL,
    defaultModels: config.models.default.map((m) => (typeof m === 'string' ? m : m.name)),
    modelInfo: modelInfoOf(config.models.default),
    fetchModels: config.models.fetch === true,
    provider: userProvide || userProvideURL ? null : make({}),
    providerFor: make,
    title: config.titleConvo
      ? { kind: 'provider', model: config.titleModel, prompt: config.titlePrompt }
      : { kind: 'none' },
    isDemo: false,
    maxContextTokens: config.maxContextTokens,
    streamRate: config.streamRate,
  };
}
