import { USER_PROVIDED } from '@parley/schema';
import type { CustomEndpointConfig } from '../../config/yaml-schema.ts';
import { createOpenAICompatibleProvider } from '../providers/openai-compatible-provider.ts';
import type { ChatEndpoint } from './endpoint.ts';

/** A parley.yaml `endpoints.custom[]` entry as a chat endpoint. */
export function customEndpoint(config: CustomEndpointConfig, order: number): ChatEndpoint {
  const userProvide = config.apiKey === USER_PROVIDED;
  const userProvideURL = config.baseURL === USER_PROVIDED;
  return {
    name: config.name,
    type: 'custom',
    order,
    modelDisplayLabel: config.modelDisplayLabel,
    iconURL: config.iconURL,
    userProvide,
    userProvideURL,
    defaultModels: config.models.default.map((m) => (typeof m === 'string' ? m : m.name)),
    fetchModels: config.models.fetch === true,
    provider:
      userProvide || userProvideURL
        ? null
        : createOpenAICompatibleProvider({
            name: config.name,
            baseURL: config.baseURL,
            apiKey: config.apiKey,
            headers: config.headers,
            addParams: config.addParams,
            dropParams: config.dropParams,
          }),
    title: config.titleConvo
      ? { kind: 'provider', model: config.titleModel, prompt: config.titlePrompt }
      : { kind: 'none' },
    isDemo: false,
  };
}
