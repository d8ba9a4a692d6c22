import type { EndpointsConfig } from '@parley/schema';

/** Endpoints an agent cannot run on: the agents endpoint itself and the assistants ones. */
const NOT_A_PROVIDER = new Set(['agents', 'assistants', 'azureAssistants', 'gptPlugins', 'chatGPTBrowser']);

/** The endpoints an agent may name as its provider, in menu order (ascending order, then name). */
export function providerOptions(endpoints: EndpointsConfig | undefined): string[] {
  if (!endpoints) return [];
  return Object.entries(endpoints)
    .filter(([name, info]) => !NOT_A_PROVIDER.has(name) && !NOT_A_PROVIDER.has(info.type ?? ''))
    .sort(([a, x], [b, y]) => x.order - y.order || a.localeCompare(b))
    .map(([name]) => name);
}
