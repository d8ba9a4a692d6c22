import type { SimServer } from '@parley/llm-sim';
import { DEMO_ENDPOINT_LABEL, DEMO_ENDPOINT_NAME, type ModelInfo } from '@parley/schema';
import { lazyProvider } from '../providers/lazy-provider.ts';
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

/** What each Demo model does, as the model menu says it. */
export const DEMO_MODEL_INFO: Record<string, ModelInfo> = {
  echo: { label: 'Echo', description: 'Repeats your message' },
  showcase: { label: 'Showcase', description: 'Every kind of formatting in one answer' },
  thinking: { label: 'Thinking', description: 'Reasons first, then answers' },
  slow: { label: 'Slow', description: 'A long answer at 20 tokens a second' },
  'slow-code': { label: 'Slow code', description: 'A code block written line by line' },
  tools: { label: 'Tools', description: 'Calls the tools you turned on' },
  vision: { label: 'Vision', description: 'Describes the pictures you attach' },
  disconnect: { label: 'Disconnect', description: 'Drops the connection mid-answer' },
  'error-401': { label: 'Error 401', description: 'The provider refuses the key' },
  'error-429': { label: 'Error 429', description: 'The provider is rate limited' },
  'error-500': { label: 'Error 500', description: 'The provider fails' },
};

export interface DemoEndpoint {
  endpoint: ChatEndpoint;
  /** Stops the simulator, when the Demo has answered since the server started. */
  close(): Promise<void>;
}

/**
 * The offline Demo endpoint: an in-process simulator on a loopback ephemeral port, spoken to
 * through the same OpenAI-compatible provider as any custom endpoint. Offered only when no
 * provider is configured, so `npm start` works without keys. The simulator (and the provider SDK)
 * start with the Demo's first call: a server nobody chats with does not hold them in memory.
 */
export function demoEndpoint(): DemoEndpoint {
  let simulator: Promise<SimServer> | undefined;
  const started = () =>
    (simulator ??= import('@parley/llm-sim').then(({ startSimulator }) =>
      startSimulator({ host: '127.0.0.1', port: 0 }),
    ));
  const endpoint: ChatEndpoint = {
    name: DEMO_ENDPOINT_NAME,
    type: 'custom',
    family: 'openAI',
    order: 0,
    modelDisplayLabel: DEMO_ENDPOINT_LABEL,
    userProvide: false,
    userProvideURL: false,
    defaultModels: DEMO_MODELS,
    modelInfo: DEMO_MODEL_INFO,
    fetchModels: false,
    provider: lazyProvider(async () => {
      const { url } = await started();
      const { createOpenAICompatibleProvider } = await import('../providers/openai-compatible-provider.ts');
      return createOpenAICompatibleProvider({ name: 'demo', baseURL: `${url}/v1`, apiKey: 'demo' });
    }),
    title: { kind: 'local' },
    isDemo: true,
  };
  return { endpoint, close: async () => (simulator ? (await simulator).close() : undefined) };
}
