import { startSimulator, type SimServer } from '@parley/llm-sim';
import { DEMO_ENDPOINT_LABEL, DEMO_ENDPOINT_NAME } from '@parley/schema';
import { createOpenAICompatibleProvider } from '../providers/openai-compatible-provider.ts';
import type { ChatEndpoint } from './endpoint.ts';

/** The simulator models the Demo offers, in menu order (aliases such as gpt-4o-mini left out). */
export const DEMO_MODELS = [
  'echo',
  'showcase',
  'thinking',
  'slow',
  'slow-code',
  'tools',
  'vision',
  'disconnect',
  'error-401',
  'error-429',
  'error-500',
];

export interface DemoEndpoint {
  endpoint: ChatEndpoint;
  simulator: SimServer;
}

/**
 * The offline Demo endpoint: an in-process simulator on a loopback ephemeral port, spoken to
 * through the same OpenAI-compatible provider as any custom endpoint. Offered only when no
 * provider is configured, so `npm start` works without keys.
 */
export async function startDemoEndpoint(): Promise<DemoEndpoint> {
  const simulator = await startSimulator({ host: '127.0.0.1', port: 0 });
  const endpoint: ChatEndpoint = {
    name: DEMO_ENDPOINT_NAME,
    type: 'custom',
    family: 'openAI',
    order: 0,
    modelDisplayLabel: DEMO_ENDPOINT_LABEL,
    userProvide: false,
    userProvideURL: false,
    defaultModels: DEMO_MODELS,
    fetchModels: false,
    provider: createOpenAICompatibleProvider({
      name: 'demo',
      baseURL: `${simulator.url}/v1`,
      apiKey: 'demo',
    }),
    title: { kind: 'local' },
    isDemo: true,
  };
  return { endpoint, simulator };
}
