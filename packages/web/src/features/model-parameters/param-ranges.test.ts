import { describe, expect, it } from 'vitest';
import { anthropicOutputCap, coerceParam, controlsFor, familyOf, fitParameters } from './param-ranges';

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
  describe('Bedrock sliders by the model maker', () => {
    const sliders = (model: string) =>
      controlsFor('bedrock', null, model)
        .filter((c) => c.kind === 'slider')
        .map((c) => c.kind === 'slider' && [c.key, c.min, c.max, c.default]);

    it('Anthropic: temperature default 1, topP default 0.999, topK 0 to 500', () => {
      expect(sliders('anthropic.claude-3-5-sonnet-20240620-v1:0')).toEqual([
        ['temperature', 0, 1, 1],
        ['topP', 0, 1, 0.999],
        ['topK', 0, 500, 0],
      ]);
      // Cross-region inference profiles name the maker after the region prefix.
      expect(sliders('us.anthropic.claude-3-7-sonnet-20250219-v1:0')).toHaveLength(3);
    });
    it('Mistral 0.7 / 0.9, Cohere 0.3 / 0.75 with topP 0.01 to 0.99, Meta 0.5 / 0.9; no topK', () => {
      expect(sliders('mistral.mistral-large-2407-v1:0')).toEqual([
        ['temperature', 0, 1, 0.7],
        ['topP', 0, 1, 0.9],
      ]);
      expect(sliders('cohere.command-r-plus-v1:0')).toEqual([
        ['temperature', 0, 1, 0.3],
        ['topP', 0.01, 0.99, 0.75],
      ]);
      expect(sliders('eu.meta.llama3-2-3b-instruct-v1:0')).toEqual([
        ['temperature', 0, 1, 0.5],
        ['topP', 0, 1, 0.9],
      ]);
    });
    it('others (Amazon, AI21, unknown makers) take 0.5 / 0.9', () => {
      for (const model of ['amazon.nova-pro-v1:0', 'ai21.jamba-1-5-large-v1:0', 'deepseek.r1-v1:0']) {
        expect(sliders(model)).toEqual([
          ['temperature', 0, 1, 0.5],
          ['topP', 0, 1, 0.9],
        ]);
      }
    });
    it("caps maxTokens at an older Claude's 4096 only", () => {
      expect(
        find(controlsFor('bedrock', null, 'anthropic.claude-3-haiku-20240307-v1:0'), 'maxTokens'),
      ).toMatchObject({
        max: 4096,
      });
      expect(find(controlsFor('bedrock', null, 'meta.llama3-8b-instruct-v1:0'), 'maxTokens')).toMatchObject({
        max: 1_000_000,
      });
    });
    it('a model switch brings set values into the new ranges', () => {
      const fitted = fitParameters({
        endpoint: 'bedrock',
        model: 'cohere.command-r-v1:0',
        topP: 1,
        temperature: 0.4,
        maxTokens: '',
      });
      expect(fitted).toEqual({
        endpoint: 'bedrock',
        model: 'cohere.command-r-v1:0',
        topP: 0.99,
        temperature: 0.4,
      });
      expect(
        fitParameters({ endpoint: 'anthropic', model: 'claude-3-opus-20240229', maxOutputTokens: 20_000 }),
      ).toMatchObject({ maxOutputTokens: 4096 });
    });
  });
});
