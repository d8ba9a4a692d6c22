import type { EndpointsConfig } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { matchChoices, modelChoices, modelCount, modelLabel } from './model-choices';

const endpoints: EndpointsConfig = {
  Demo: {
    order: 0,
    userProvide: false,
    modelInfo: {
      echo: { label: 'Echo', description: 'Repeats your message' },
      slow: { description: 'A long answer' },
    },
  },
  Other: { order: 1, userProvide: false },
};
const models = { Demo: ['echo', 'slow', 'plain'], Other: ['gpt-x'] };

describe('modelChoices', () => {
  it('uses the configured name and description, else the id alone', () => {
    expect(modelChoices(endpoints, models, 'Demo')).toEqual([
      { model: 'echo', label: 'Echo', description: 'Repeats your message' },
      { model: 'slow', label: 'slow', description: 'A long answer' },
      { model: 'plain', label: 'plain' },
    ]);
    expect(modelChoices(endpoints, models, 'Other')).toEqual([{ model: 'gpt-x', label: 'gpt-x' }]);
    expect(modelChoices(endpoints, models, 'Missing')).toEqual([]);
    expect(modelChoices(undefined, undefined, 'Demo')).toEqual([]);
  });

  it('does not read inherited properties as model names', () => {
    expect(modelLabel(endpoints, 'Demo', 'constructor')).toBe('constructor');
    expect(modelLabel(endpoints, 'Demo', '__proto__')).toBe('__proto__');
    expect(modelLabel(endpoints, 'Demo', 'echo')).toBe('Echo');
  });
});

describe('modelCount', () => {
  it('adds up the models of the endpoints shown', () => {
    expect(modelCount(models, ['Demo', 'Other'])).toBe(4);
    expect(modelCount(models, ['Other', 'Missing'])).toBe(1);
    expect(modelCount(undefined, ['Demo'])).toBe(0);
  });
});

describe('matchChoices', () => {
  const choices = modelChoices(endpoints, models, 'Demo');

  it('keeps everything for an empty or blank query', () => {
    expect(matchChoices(choices, '')).toEqual(choices);
    expect(matchChoices(choices, '   ')).toEqual(choices);
  });

  it('matches id, name and description, every word, ignoring case and accents', () => {
    expect(matchChoices(choices, 'ECHO').map((c) => c.model)).toEqual(['echo']);
    expect(matchChoices(choices, 'long answer').map((c) => c.model)).toEqual(['slow']);
    expect(matchChoices(choices, 'répéats').map((c) => c.model)).toEqual(['echo']);
    expect(matchChoices(choices, 'echo long')).toEqual([]);
  });

  it("matches the endpoint's name too", () => {
    expect(matchChoices(choices, 'demo', 'Demo (offline)')).toHaveLength(3);
  });

  it('treats regular-expression characters as text', () => {
    expect(matchChoices(choices, '.*')).toEqual([]);
    expect(matchChoices(choices, '(')).toEqual([]);
  });
});
