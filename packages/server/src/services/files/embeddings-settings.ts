import { checkedServiceUrl, requiredWhenSet, setVariables } from '../../config/env-group.ts';
import { ConfigError, type Env } from '../../config/env.ts';

/** An OpenAI-compatible embeddings API that file search uses beside full-text rank. */
export interface EmbeddingsSettings {
  /** The API's base (`…/v1`); requests go to `<url>/embeddings`. */
  url: string;
  model: string;
  /** The length of the model's vectors: the vector column is made this wide. */
  dimensions: number;
  apiKey?: string;
  /** Each request's time limit. */
  timeoutMs: number;
}

export type EmbeddingsEnv = Pick<
  Env,
  | 'EMBEDDINGS_URL'
  | 'EMBEDDINGS_MODEL'
  | 'EMBEDDINGS_DIMENSIONS'
  | 'EMBEDDINGS_API_KEY'
  | 'EMBEDDINGS_TIMEOUT_MS'
>;

/**
 * pgvector's HNSW index takes vectors of at most 2,000 numbers; a longer model (3,072 for
 * OpenAI's large one) can be asked for fewer through its own `dimensions` setting.
 */
export const MAX_EMBEDDING_DIMENSIONS = 2000;

const NAMES = [
  'EMBEDDINGS_URL',
  'EMBEDDINGS_MODEL',
  'EMBEDDINGS_DIMENSIONS',
  'EMBEDDINGS_API_KEY',
  'EMBEDDINGS_TIMEOUT_MS',
] as const;

/** A request's time limit by default, and the bounds an administrator may set it within. */
export const EMBEDDINGS_TIMEOUT_DEFAULT_MS = 30_000;
const TIMEOUT_MIN_MS = 100;
const TIMEOUT_MAX_MS = 600_000;

/**
 * Reads the `EMBEDDINGS_*` variables: undefined when none is set (file search is full-text only),
 * the settings when they are complete, and a ConfigError naming every problem otherwise, so a
 * half-written setting stops the start instead of quietly leaving search full-text only.
 */
export function embeddingsSettingsFromEnv(env: EmbeddingsEnv): EmbeddingsSettings | undefined {
  const named = setVariables(env, NAMES);
  if (named.length === 0) return undefined;
  const problems: string[] = [];
  const need = (name: (typeof NAMES)[number]) => problems.push(requiredWhenSet(name, named));

  const url =
    env.EMBEDDINGS_URL === undefined
      ? (need('EMBEDDINGS_URL'), undefined)
      : checkedServiceUrl(env.EMBEDDINGS_URL, URL_RULE, problems);
  const model = env.EMBEDDINGS_MODEL?.trim();
  if (!model) need('EMBEDDINGS_MODEL');
  else if (model.length > 200) problems.push('EMBEDDINGS_MODEL: at most 200 characters');

  let dimensions: number | undefined;
  if (env.EMBEDDINGS_DIMENSIONS === undefined) need('EMBEDDINGS_DIMENSIONS');
  else {
    const n = Number(env.EMBEDDINGS_DIMENSIONS);
    if (!/^\d+$/.test(env.EMBEDDINGS_DIMENSIONS) || n < 1 || n > MAX_EMBEDDING_DIMENSIONS)
      problems.push(
        `EMBEDDINGS_DIMENSIONS: expected a whole number from 1 to ${MAX_EMBEDDING_DIMENSIONS}, got "${env.EMBEDDINGS_DIMENSIONS}"`,
      );
    else dimensions = n;
  }
  let timeoutMs = EMBEDDINGS_TIMEOUT_DEFAULT_MS;
  if (env.EMBEDDINGS_TIMEOUT_MS !== undefined) {
    const n = Number(env.EMBEDDINGS_TIMEOUT_MS);
    if (!/^\d+$/.test(env.EMBEDDINGS_TIMEOUT_MS) || n < TIMEOUT_MIN_MS || n > TIMEOUT_MAX_MS)
      problems.push(
        `EMBEDDINGS_TIMEOUT_MS: expected milliseconds from ${TIMEOUT_MIN_MS} to ${TIMEOUT_MAX_MS}, got "${env.EMBEDDINGS_TIMEOUT_MS}"`,
      );
    else timeoutMs = n;
  }
  const apiKey = env.EMBEDDINGS_API_KEY;
  if (apiKey !== undefined && /[\s]/.test(apiKey))
    problems.push('EMBEDDINGS_API_KEY: must not contain spaces or line breaks');

  if (problems.length > 0 || !url || !model || dimensions === undefined)
    throw new ConfigError('Invalid embeddings settings', problems);
  return { url, model, dimensions, timeoutMs, ...(apiKey !== undefined && { apiKey }) };
}

const URL_RULE = {
  name: 'EMBEDDINGS_URL',
  example: 'http://ollama:11434/v1',
  credentialsGoTo: 'the key in EMBEDDINGS_API_KEY',
};
