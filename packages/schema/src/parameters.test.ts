import { describe, expect, it } from 'vitest';
import { setUserKeySchema } from './keys.ts';
import {
  anthropicParametersSchema,
  bedrockParametersSchema,
  googleParametersSchema,
  openAIParametersSchema,
} from './parameter-schemas.ts';
import {
  anthropicOutputCap,
  bedrockSubProvider,
  claudeSupportsThinking,
  geminiSupportsThinking,
  isLegacyClaude,
} from './parameters.ts';

describe('parameter schemas', () => {
  it('numeric strings become numbers, a blank string or null is unset', () => {
    expect(openAIParametersSchema.parse({ temperature: '0.7', top_p: '', max_tokens: null })).toEqual({
      temperature: 0.7,
    });
    expect(googleParametersSchema.parse({ topK: ' 12 ', thinking: 'true' })).toEqual({
      topK: 12,
      thinking: true,
    });
  });

  it('out of range values fail on their own field', () => {
    const issue = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
      r.error?.issues[0]?.path;
    expect(issue(openAIParametersSchema.safeParse({ presence_penalty: 2.5 }))).toEqual(['presence_penalty']);
    expect(issue(googleParametersSchema.safeParse({ topK: 2.5 }))).toEqual(['topK']);
    expect(
      issue(anthropicParametersSchema('claude-3-5-sonnet-latest').safeParse({ temperature: 1.01 })),
    ).toEqual(['temperature']);
    expect(issue(bedrockParametersSchema('cohere.command-r-v1:0').safeParse({ topP: 0 }))).toEqual(['topP']);
    expect(bedrockParametersSchema('meta.llama3-8b-instruct-v1:0').safeParse({ topP: 0 }).success).toBe(true);
  });

  it('Anthropic output cap: 4096 before the 3.5 generation, 128000 after', () => {
    for (const legacy of [
      'claude-3-opus-20240229',
      'claude-3-haiku-20240307',
      'claude-2.1',
      'claude-instant-1.2',
      'anthropic.claude-v2',
    ])
      expect([legacy, anthropicOutputCap(legacy)]).toEqual([legacy, 4096]);
    for (const current of [
      'claude-3-5-sonnet-latest',
      'claude-3.5-haiku',
      'claude-3-7-sonnet-20250219',
      'claude-sonnet-4-20250514',
      'claude-opus-4-1',
    ])
      expect([current, isLegacyClaude(current)]).toEqual([current, false]);
    expect(
      anthropicParametersSchema('claude-3-opus-latest').safeParse({ maxOutputTokens: 4097 }).success,
    ).toBe(false);
    expect(
      anthropicParametersSchema('claude-3-5-sonnet-latest').safeParse({ maxOutputTokens: 128_000 }).success,
    ).toBe(true);
  });

  it('thinking-capable models', () => {
    expect(claudeSupportsThinking('claude-3-7-sonnet-latest')).toBe(true);
    expect(claudeSupportsThinking('claude-opus-4-20250514')).toBe(true);
    expect(claudeSupportsThinking('claude-3-5-sonnet-latest')).toBe(false);
    expect(geminiSupportsThinking('gemini-2.5-flash')).toBe(true);
    expect(geminiSupportsThinking('gemini-1.5-flash-latest')).toBe(false);
  });

  it('Bedrock sub-providers from model ids, cross-region prefixes included', () => {
    expect(bedrockSubProvider('anthropic.claude-3-5-sonnet-20240620-v1:0')).toBe('anthropic');
    expect(bedrockSubProvider('us.anthropic.claude-3-7-sonnet-20250219-v1:0')).toBe('anthropic');
    expect(bedrockSubProvider('eu.meta.llama3-2-3b-instruct-v1:0')).toBe('meta');
    expect(bedrockSubProvider('mistral.mistral-large-2407-v1:0')).toBe('mistral');
    expect(bedrockSubProvider('cohere.command-r-plus-v1:0')).toBe('cohere');
    expect(bedrockSubProvider('amazon.nova-pro-v1:0')).toBe('amazon');
    expect(bedrockSubProvider('ai21.jamba-1-5-large-v1:0')).toBe('other');
  });
});

describe('user key schema', () => {
  it('value is required; expiresAt is a date, or null / absent / "never" for no expiry', () => {
    expect(setUserKeySchema.safeParse({ name: 'openAI', value: '' }).error?.issues[0]?.message).toBe(
      'value is required',
    );
    expect(setUserKeySchema.parse({ name: 'openAI', value: 'k' }).expiresAt).toBeNull();
    expect(setUserKeySchema.parse({ name: 'openAI', value: 'k', expiresAt: 'never' }).expiresAt).toBeNull();
    expect(
      setUserKeySchema.parse({ name: 'openAI', value: 'k', expiresAt: '2030-01-01T00:00:00.000Z' }).expiresAt,
    ).toEqual(new Date('2030-01-01T00:00:00.000Z'));
    expect(setUserKeySchema.safeParse({ name: 'openAI', value: 'k', expiresAt: 'tomorrow' }).success).toBe(
      false,
    );
  });
});
