/**
 * Personal API keys: what a person creates under Settings → API keys to use Parley's
 * OpenAI-compatible `/v1/` routes from scripts, editors and other apps.
 */

/**
 * Every personal key starts with this, so secret scanners (and people) recognise a leaked one.
 * The rest is the key's id and its secret: `pk-parley-<id>_<secret>`.
 */
export const API_KEY_PREFIX = 'pk-parley-';

/** The longest name a key may have. */
export const MAX_API_KEY_NAME_LENGTH = 100;

/** How many keys one person may hold at once. */
export const MAX_API_KEYS_PER_USER = 50;

/**
 * The request header that keeps an API exchange as a conversation in the sidebar; API calls are
 * not saved otherwise.
 */
export const API_SAVE_HEADER = 'X-Parley-Save';

/** The model-name prefix of agents on `/v1/` (`agents/<agent_id>`); no endpoint may take the name. */
export const API_AGENTS_PREFIX = 'agents';

/** The model-name prefix of parley.yaml's model specs on `/v1/` (`spec/<name>`). */
export const API_SPEC_PREFIX = 'spec';

/** A key as listed: never its secret. */
export interface ApiKeyInfo {
  id: string;
  name: string;
  /** The key's first characters, e.g. `pk-parley-AbC123…`, to tell keys apart. */
  hint: string;
  createdAt: string;
  /** Null: never expires. */
  expiresAt: string | null;
  lastUsedAt: string | null;
  /** Calls made with it, and the tokens they used. */
  usage: { requests: number; promptTokens: number; completionTokens: number };
}

/** `POST /api/api-keys` answer: the key itself, shown this once. */
export interface CreatedApiKey extends ApiKeyInfo {
  key: string;
}
