import type { ChatRequest, SettingKind } from '@parley/schema';

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
 * The chat request fields a query may carry, and how each is parsed from text. The kinds are
 * written out rather than read from the request schema at run time, which would load zod on the
 * first page; query-params.test.ts checks every kind against the schema, so they cannot drift.
 */
export const QUERY_SETTING_KINDS = {
  endpoint: 'string',
  endpointType: 'string',
  model: 'string',
  modelLabel: 'string',
  chatGptLabel: 'string',
  promptPrefix: 'string',
  spec: 'string',
  assistant_id: 'string',
  agent_id: 'string',
  temperature: 'number',
  top_p: 'number',
  topP: 'number',
  topK: 'number',
  frequency_penalty: 'number',
  presence_penalty: 'number',
  max_tokens: 'number',
  maxOutputTokens: 'number',
  maxContextTokens: 'number',
  thinkingBudget: 'number',
  resendFiles: 'boolean',
  promptCache: 'boolean',
  thinking: 'boolean',
  web_search: 'boolean',
  useResponsesApi: 'boolean',
  disableStreaming: 'boolean',
  reasoning_effort: 'string',
  reasoning_summary: 'string',
  imageDetail: 'string',
  stop: 'list',
} as const satisfies Partial<Record<keyof ChatRequest, SettingKind>>;

const SETTING_TYPES: Readonly<Record<string, SettingKind>> = QUERY_SETTING_KINDS;

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
 * The reverse: a new chat's setup as query parameters, so the address of /c/new can be
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
