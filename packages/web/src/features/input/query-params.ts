import { chatFieldKind, type ChatRequest, type SettingKind } from '@parley/schema';

/**
 * The /c/new query: `prompt` (or `q`) prefills the box, `submit=true` sends it; every other
 * parameter is a conversation setting, parsed by type. `assistant_id` forces the assistants
 * endpoint and `agent_id` the agents endpoint. Invalid values are skipped.
 */
export interface ChatQuery {
  prompt: string | null;
  submit: boolean;
  settings: Record<string, string | number | boolean | string[]>;
  /** True when the address had anything to remove afterwards (prompt, q or submit). */
  hasTransient: boolean;
}

/**
 * The chat request fields a query may carry; how each is parsed from text (number, boolean, list
 * or string) comes from the request schema.
 */
const QUERY_SETTING_KEYS = [
  'endpoint',
  'endpointType',
  'model',
  'modelLabel',
  'chatGptLabel',
  'promptPrefix',
  'spec',
  'assistant_id',
  'agent_id',
  'temperature',
  'top_p',
  'topP',
  'topK',
  'frequency_penalty',
  'presence_penalty',
  'max_tokens',
  'maxOutputTokens',
  'maxContextTokens',
  'thinkingBudget',
  'resendFiles',
  'promptCache',
  'thinking',
  'web_search',
  'useResponsesApi',
  'disableStreaming',
  'reasoning_effort',
  'reasoning_summary',
  'imageDetail',
  'stop',
] as const satisfies readonly (keyof ChatRequest)[];

const SETTING_TYPES: Record<string, SettingKind> = Object.fromEntries(
  QUERY_SETTING_KEYS.map((key) => [key, chatFieldKind(key) ?? 'string']),
);

export const TRANSIENT_PARAMS = ['prompt', 'q', 'submit'] as const;

function parseValue(type: string, raw: string): string | number | boolean | string[] | undefined {
  const value = raw.trim();
  if (value === '') return undefined;
  switch (type) {
    case 'number': {
      const n = Number(value);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : undefined;
    case 'list':
      return value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return value;
  }
}

export function parseChatQuery(params: URLSearchParams): ChatQuery {
  const prompt = params.get('prompt') ?? params.get('q');
  const settings: ChatQuery['settings'] = {};
  for (const [name, raw] of params) {
    const type = SETTING_TYPES[name];
    if (!type) continue;
    const value = parseValue(type, raw);
    if (value !== undefined) settings[name] = value;
  }
  if (typeof settings.assistant_id === 'string') settings.endpoint = 'assistants';
  if (typeof settings.agent_id === 'string') settings.endpoint = 'agents';
  return {
    prompt: prompt && prompt.length > 0 ? prompt : null,
    submit: params.get('submit') === 'true',
    settings,
    hasTransient: TRANSIENT_PARAMS.some((p) => params.has(p)),
  };
}

/** The query left after handling: prompt, q and submit removed, the rest kept. */
export function withoutTransient(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const p of TRANSIENT_PARAMS) next.delete(p);
  return next;
}

/**
 * The reverse (000 §2): a new chat's setup as query parameters, so the address of /c/new can be
 * shared or bookmarked with that setup. Only the settings the parser knows are written.
 */
export function setupToQuery(setup: Record<string, unknown>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(setup)) {
    const type = SETTING_TYPES[name];
    if (!type || value === undefined || value === null || value === '') continue;
    if (type === 'list') {
      if (Array.isArray(value) && value.length > 0) query.set(name, value.map(String).join(','));
    } else if (typeof value !== 'object') {
      query.set(name, String(value));
    }
  }
  return query;
}
