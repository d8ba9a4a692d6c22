import type { Conversation, ConversationSettingKey, EndpointsConfig, ModelsConfig } from '@parley/schema';

/** A conversation's model setup: endpoint, model and the parameters the user tuned. */
export interface ChatSetup {
  endpoint: string;
  endpointType?: string | null;
  model: string;
  [parameter: string]: unknown;
}

/**
 * Conversation fields that are setup (sent with every chat request and kept by presets): the
 * model parameters among the settings the schema lets a chat request store on its conversation.
 */
export const SETUP_KEYS = [
  'modelLabel',
  'promptPrefix',
  'temperature',
  'top_p',
  'topP',
  'topK',
  'frequency_penalty',
  'presence_penalty',
  'max_tokens',
  'maxOutputTokens',
  'maxTokens',
  'maxContextTokens',
  'thinkingBudget',
  'thinking',
  'promptCache',
  'stop',
  // The artifacts mode (off when absent): kept with the conversation and by presets.
  'artifacts',
] as const satisfies readonly ConversationSettingKey[];

/** Endpoints in menu order (ascending `order`, then name). */
export function orderedEndpoints(config: EndpointsConfig | undefined): string[] {
  if (!config) return [];
  return Object.entries(config)
    .sort(([a, x], [b, y]) => x.order - y.order || a.localeCompare(b))
    .map(([name]) => name);
}

/** Picks only the setup fields of a conversation, preset or query. */
export function setupFields(source: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of SETUP_KEYS) {
    const value = source[key];
    if (value !== undefined && value !== null && value !== '') out[key] = value;
  }
  return out;
}

/** The endpoint of agent chats: the agent decides the model, the setup names the agent. */
const AGENTS = 'agents';

export function setupOfConversation(conversation: Conversation): ChatSetup | null {
  if (!conversation.endpoint || !conversation.model) return null;
  const agentId = (conversation as { agent_id?: unknown }).agent_id;
  return {
    endpoint: conversation.endpoint,
    endpointType: conversation.endpointType ?? null,
    model: conversation.model,
    ...(conversation.endpoint === AGENTS && typeof agentId === 'string' ? { agent_id: agentId } : {}),
    ...setupFields(conversation),
    ...(typeof conversation.spec === 'string' ? { spec: conversation.spec } : {}),
  };
}

/**
 * Makes a setup valid for the endpoints and models the server offers now: an unknown endpoint
 * falls back to the first; an unknown model to the endpoint's remembered or first model.
 */
export function validSetup(
  wanted: Partial<ChatSetup> | null,
  endpoints: EndpointsConfig,
  models: ModelsConfig,
  lastModels: Record<string, string>,
): ChatSetup | null {
  const names = orderedEndpoints(endpoints);
  // An agent chat keeps its agent; the model is the agent's (the server decides it).
  if (wanted?.endpoint === AGENTS && endpoints[AGENTS] && typeof wanted.agent_id === 'string') {
    return {
      endpoint: AGENTS,
      endpointType: null,
      model: typeof wanted.model === 'string' ? wanted.model : '',
      agent_id: wanted.agent_id,
    };
  }
  const endpoint =
    wanted?.endpoint && wanted.endpoint !== AGENTS && endpoints[wanted.endpoint]
      ? wanted.endpoint
      : names.find((name) => name !== AGENTS);
  if (!endpoint) return null;
  const list = models[endpoint] ?? [];
  const pick = [wanted?.endpoint === endpoint ? wanted.model : undefined, lastModels[endpoint], list[0]];
  const model = pick.find((m): m is string => typeof m === 'string' && list.includes(m)) ?? list[0] ?? '';
  const keep = wanted?.endpoint === endpoint ? setupFields(wanted as Record<string, unknown>) : {};
  // A model spec's name stays only while its model does.
  const spec = wanted?.endpoint === endpoint && wanted.model === model && typeof wanted.spec === 'string';
  return {
    ...keep,
    endpoint,
    endpointType: endpoints[endpoint]?.type ?? null,
    model,
    ...(spec ? { spec: wanted.spec } : {}),
  };
}
