import type { EndpointsConfig } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { answerLabel } from './answer-label';

const endpoints: EndpointsConfig = {
  Demo: {
    order: 0,
    userProvide: false,
    modelDisplayLabel: 'Demo (offline simulator)',
    modelInfo: { echo: { label: 'Echo' } },
  },
  openAI: { order: 1, userProvide: false },
};

describe('answerLabel', () => {
  it("names the model, by its configured name, when the sender is only the endpoint's name", () => {
    expect(
      answerLabel({ sender: 'Demo (offline simulator)', endpoint: 'Demo', model: 'echo' }, endpoints),
    ).toBe('Echo');
    expect(answerLabel({ sender: 'openAI', endpoint: 'openAI', model: 'gpt-4o' }, endpoints)).toBe('gpt-4o');
  });

  it('keeps a name of its own: an agent, a preset or a model spec', () => {
    expect(answerLabel({ sender: 'Echo friend', endpoint: 'agents', model: 'echo' }, endpoints)).toBe(
      'Echo friend',
    );
    expect(answerLabel({ sender: 'My tutor', endpoint: 'Demo', model: 'echo' }, endpoints)).toBe('My tutor');
  });

  it('falls back to what it has when the endpoint or model is unknown', () => {
    expect(
      answerLabel({ sender: 'Demo (offline simulator)', endpoint: 'Demo', model: null }, endpoints),
    ).toBe('Demo (offline simulator)');
    expect(answerLabel({ sender: '', endpoint: null, model: 'echo' })).toBe('echo');
    expect(answerLabel({ sender: '', endpoint: undefined, model: undefined })).toBe('');
    expect(answerLabel({ sender: 'Gone', endpoint: 'Gone', model: 'x' }, endpoints)).toBe('x');
  });
});
