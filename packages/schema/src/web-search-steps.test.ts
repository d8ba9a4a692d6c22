import { describe, expect, it } from 'vitest';
import { readWebSearchStep, webSearchStepMessage, type WebSearchStep } from './web-search-steps.ts';

describe('web search steps', () => {
  it.each<WebSearchStep>([
    { step: 'searching' },
    { step: 'reading', sources: 1 },
    { step: 'reading', sources: 5 },
    { step: 'reranking' },
  ])('reads back what the server writes: %o', (step) => {
    expect(readWebSearchStep(webSearchStepMessage(step))).toEqual(step);
  });

  it('reads any other message as no step', () => {
    for (const message of [
      undefined,
      '',
      'Reading',
      'Reading many sources',
      'searching the web',
      'Reading 5 sources!',
    ])
      expect(readWebSearchStep(message)).toBeNull();
  });
});
