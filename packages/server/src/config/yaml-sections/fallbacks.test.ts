import { describe, expect, it } from 'vitest';
import { parseParleyYaml } from '../load-config.ts';

describe('parley.yaml fallbacks', () => {
  it('splits "<endpoint>/<model>" at the first slash and takes { endpoint, model }', () => {
    const { config } = parseParleyYaml(
      'fallbacks:\n  - from: openAI/gpt-4o\n    to: [Groq/meta-llama/Llama-3-70b, { endpoint: anthropic, model: claude/x }]\n',
    );
    expect(config.fallbacks).toEqual([
      {
        from: { endpoint: 'openAI', model: 'gpt-4o' },
        to: [
          { endpoint: 'Groq', model: 'meta-llama/Llama-3-70b' },
          { endpoint: 'anthropic', model: 'claude/x' },
        ],
      },
    ]);
  });

  it.each([
    ['fallbacks: { from: a/b }\n', 'fallbacks'],
    ['fallbacks:\n  - from: gpt-4o\n    to: [a/b]\n', 'fallbacks.0.from'],
    ['fallbacks:\n  - from: a/b\n    to: []\n', 'fallbacks.0.to'],
    ['fallbacks:\n  - from: a/b\n    to: [c/d]\n    retries: 2\n', 'fallbacks.0.retries: unknown key'],
    ['fallbacks:\n  - from: a/b\n    to: [{ endpoint: c }]\n', 'fallbacks.0.to.0'],
    ['fallbacks:\n  - from: a/b\n    to: [7]\n', 'fallbacks.0.to.0'],
    ['fallbacks:\n  - from: /b\n    to: [c/d]\n', 'fallbacks.0.from'],
    [
      'fallbacks:\n  - from: a/b\n    to: [c/d]\n  - from: { endpoint: a, model: b }\n    to: [e/f]\n',
      'fallbacks.1.from',
    ],
    [`fallbacks:\n  - from: a/${'x'.repeat(500)}\n    to: [c/d]\n`, 'fallbacks.0.from'],
  ])('refuses %j', (yaml, where) => {
    expect(() => parseParleyYaml(yaml)).toThrow(where);
  });
});
