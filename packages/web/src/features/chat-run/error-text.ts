/** Longest provider message shown inside the generic error text before it is cut with an ellipsis. */
export const ERROR_TEXT_MAX = 512;

/** What the chat shows for an error message: a translation key with its values. */
export interface ErrorDisplay {
  key: string;
  values: Record<string, string | number>;
  /** A rate limit's wait in seconds, as the provider asked for it: the view counts it down. */
  retryAfter?: number;
}

/** The provider's own refusal, worded by its status (without the generic "Something went wrong" preamble). */
function providerError(json: Record<string, unknown>): ErrorDisplay {
  const status = Number(json.status);
  const message = cut(str(json.message));
  if (status === 401 || status === 403) return { key: 'com_error_provider_key', values: { status, message } };
  if (status === 429) {
    const wait = typeof json.retryAfter === 'number' ? json.retryAfter : Number.NaN;
    return {
      key: 'com_error_provider_rate_limit',
      values: { message },
      ...(Number.isInteger(wait) && wait >= 0 ? { retryAfter: wait } : {}),
    };
  }
  return {
    key: 'com_error_provider_status',
    values: { status: Number.isFinite(status) ? status : '?', message },
  };
}

/** Finds the first JSON object embedded in a text (the server may wrap it in prose). */
export function embeddedJson(text: string): Record<string, unknown> | null {
  const start = text.indexOf('{');
  if (start === -1) return null;
  for (let end = text.lastIndexOf('}'); end > start; end = text.lastIndexOf('}', end - 1)) {
    try {
      const value: unknown = JSON.parse(text.slice(start, end + 1));
      if (value && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // Try a shorter candidate.
    }
  }
  return null;
}

const SIMPLE_KEYS: Record<string, string> = {
  moderation: 'com_error_moderation',
  no_user_key: 'com_error_no_user_key',
  invalid_user_key: 'com_error_invalid_user_key',
  no_base_url: 'com_error_no_base_url',
  invalid_action_error: 'com_error_invalid_action_error',
  invalid_request_error: 'com_error_invalid_request_error',
  no_system_messages: 'com_error_no_system_messages',
  google_tool_conflict: 'com_error_google_tool_conflict',
  ban: 'com_error_ban',
  invalid_api_key: 'com_error_invalid_api_key',
  insufficient_quota: 'com_error_insufficient_quota',
  illegal_model_request: 'com_error_illegal_model_request',
};

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

const cut = (text: string) => (text.length > ERROR_TEXT_MAX ? `${text.slice(0, ERROR_TEXT_MAX)}…` : text);

function fromJson(json: Record<string, unknown>): ErrorDisplay | null {
  const type = str(json.type || json.code);
  if (SIMPLE_KEYS[type]) return { key: SIMPLE_KEYS[type], values: {} };
  switch (type) {
    case 'expired_user_key':
      return {
        key: 'com_error_expired_user_key',
        values: { endpoint: str(json.endpoint), expiredAt: str(json.expiredAt) },
      };
    case 'INPUT_LENGTH':
      return { key: 'com_error_input_length', values: { info: str(json.info) } };
    case 'invalid_agent_provider':
      return {
        key: 'com_error_invalid_agent_provider',
        values: { provider: str(json.provider ?? json.info) },
      };
    case 'google_error':
      return { key: 'com_error_raw', values: { text: str(json.info) } };
    case 'provider_error':
      return providerError(json);
    case 'provider_unreachable':
      return { key: 'com_error_provider_unreachable', values: { message: cut(str(json.message)) } };
    case 'concurrent':
      return { key: 'com_error_concurrent', values: { limit: str(json.limit ?? 1) } };
    case 'message_limit':
      return {
        key: 'com_error_message_limit',
        values: { max: str(json.max), windowInMinutes: str(json.windowInMinutes) },
      };
    case 'token_balance':
      return {
        key: 'com_error_token_balance',
        values: {
          balance: str(json.balance),
          promptTokens: str(json.promptTokens),
          tokenCost: str(json.tokenCost),
          generations: Array.isArray(json.generations) ? json.generations.map(str).join(', ') : '',
        },
      };
    default:
      return null;
  }
}

/**
 * The error catalogue: an embedded JSON `type` (or `code`) maps to its localized text; anything
 * else is the generic text with the message cut to 512 characters.
 */
export function errorDisplay(text: string): ErrorDisplay {
  const json = embeddedJson(text);
  const known = json ? fromJson(json) : null;
  if (known) return known;
  return { key: 'com_error_generic', values: { detail: cut(text) } };
}
