import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/env.ts';
import { embeddingsSettingsFromEnv, type EmbeddingsEnv } from './embeddings-settings.ts';

const complete: EmbeddingsEnv = {
  EMBEDDINGS_URL: 'http://ollama:11434/v1/',
  EMBEDDINGS_MODEL: 'nomic-embed-text',
  EMBEDDINGS_DIMENSIONS: '768',
  EMBEDDINGS_API_KEY: undefined,
  EMBEDDINGS_TIMEOUT_MS: undefined,
};

function problemsOf(env: Partial<EmbeddingsEnv>): string[] {
  try {
    embeddingsSettingsFromEnv({ ...complete, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('embeddingsSettingsFromEnv', () => {
  it('is off when no variable is set, and reads a complete setting', () => {
    expect(
      embeddingsSettingsFromEnv({
        EMBEDDINGS_URL: undefined,
        EMBEDDINGS_MODEL: undefined,
        EMBEDDINGS_DIMENSIONS: undefined,
        EMBEDDINGS_API_KEY: undefined,
        EMBEDDINGS_TIMEOUT_MS: undefined,
      }),
    ).toBeUndefined();
    expect(embeddingsSettingsFromEnv(complete)).toEqual({
      url: 'http://ollama:11434/v1',
      model: 'nomic-embed-text',
      dimensions: 768,
      timeoutMs: 30_000,
    });
    expect(
      embeddingsSettingsFromEnv({ ...complete, EMBEDDINGS_API_KEY: 'sk-1', EMBEDDINGS_TIMEOUT_MS: '5000' }),
    ).toMatchObject({ apiKey: 'sk-1', timeoutMs: 5000 });
  });

  it('names every problem of a half-written or wrong setting', () => {
    expect(
      problemsOf({
        EMBEDDINGS_URL: undefined,
        EMBEDDINGS_MODEL: undefined,
        EMBEDDINGS_DIMENSIONS: undefined,
        EMBEDDINGS_API_KEY: 'k',
      }),
    ).toEqual([
      expect.stringMatching(/^EMBEDDINGS_URL: required/),
      expect.stringMatching(/^EMBEDDINGS_MODEL: required/),
      expect.stringMatching(/^EMBEDDINGS_DIMENSIONS: required/),
    ]);
    expect(problemsOf({ EMBEDDINGS_URL: 'ollama:11434' })[0]).toMatch(/expected an http\(s\) URL/);
    expect(problemsOf({ EMBEDDINGS_URL: 'not a url' })[0]).toMatch(/is not a URL/);
    expect(problemsOf({ EMBEDDINGS_URL: 'http://u:p@host/v1' })[0]).toMatch(/EMBEDDINGS_API_KEY/);
    expect(problemsOf({ EMBEDDINGS_URL: 'http://host/v1?x=1' })[0]).toMatch(/query or fragment/);
    for (const bad of ['0', '2001', '-5', '7.5', '768px', ''])
      expect(problemsOf({ EMBEDDINGS_DIMENSIONS: bad })[0]).toMatch(/^EMBEDDINGS_DIMENSIONS/);
    for (const bad of ['50', '600001', 'soon'])
      expect(problemsOf({ EMBEDDINGS_TIMEOUT_MS: bad })[0]).toMatch(/^EMBEDDINGS_TIMEOUT_MS/);
    expect(problemsOf({ EMBEDDINGS_MODEL: 'm'.repeat(201) })[0]).toMatch(/at most 200/);
    expect(problemsOf({ EMBEDDINGS_API_KEY: 'sk one' })[0]).toMatch(/spaces/);
  });
});
