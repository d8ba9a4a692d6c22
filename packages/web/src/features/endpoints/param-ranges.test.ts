import { describe, expect, it } from 'vitest';
import { anthropicOutputCap, coerceParam, controlsFor, familyOf } from './param-ranges';

const find = (list: ReturnType<typeof controlsFor>, key: string) => list.find((c) => c.key === key)!;

describe('parameter ranges', () => {
  it('uses the OpenAI family for custom endpoints', () => {
    expect(familyOf('Demo', 'custom')).toBe('openAI');
    expect(find(controlsFor('Demo', 'custom', 'echo'), 'temperature')).toMatchObject({ min: 0, max: 2 });
  });
  it('has the anthropic and google ranges of the spec', () => {
    const anthropic = controlsFor('anthropic', null, 'claude-3-5-sonnet-latest');
    expect(find(anthropic, 'temperature')).toMatchObject({ min: 0, max: 1 });
    expect(find(anthropic, 'thinkingBudget')).toMatchObject({ min: 1024, max: 200_000, default: 2000 });
    const google = controlsFor('google', null, 'gemini-1.5-flash-latest');
    expect(find(google, 'topK')).toMatchObject({ min: 1, max: 40, default: 40 });
    expect(find(google, 'maxOutputTokens')).toMatchObject({ max: 64_000, default: 8192 });
    expect(find(google, 'thinkingBudget')).toMatchObject({ min: -1, max: 32_768 });
  });
  it('caps output tokens at 4096 for legacy claude models', () => {
    expect(anthropicOutputCap('claude-3-opus-20240229')).toBe(4096);
    expect(anthropicOutputCap('claude-3-5-sonnet-latest')).toBe(128_000);
    expect(anthropicOutputCap('claude-3-7-sonnet-latest')).toBe(128_000);
    expect(find(controlsFor('anthropic', null, 'claude-2.1'), 'maxOutputTokens')).toMatchObject({
      max: 4096,
      default: 4096,
    });
  });
  it('coerces: strings to numbers, blanks unset, out of range clamped, at most 4 stops', () => {
    const temp = find(controlsFor('openAI', null, 'x'), 'temperature');
    expect(coerceParam(temp, '0.5')).toBe(0.5);
    expect(coerceParam(temp, '')).toBeUndefined();
    expect(coerceParam(temp, 7)).toBe(2);
    const stop = find(controlsFor('openAI', null, 'x'), 'stop');
    expect(coerceParam(stop, ['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', 'd']);
    expect(coerceParam(stop, [])).toBeUndefined();
  });
});
