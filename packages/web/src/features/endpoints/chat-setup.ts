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

export function setupOfConversation(conversation: Conversation): ChatSetup | null {
  if (!conversation.endpoint || !conversation.model) return null;
  return {
    endpoint: conversation.endpoint,
    endpointType: conversation.endpointType ?? null,
    model: conversation.model,
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
  const endpoint = wanted?.endpoint && endpoints[wanted.endpoint] ? wanted.endpoint : names[0];
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
