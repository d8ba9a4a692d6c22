import { describe, expect, it } from 'vitest';
import { echo } from '../behaviours/echo.ts';
import { resolveBehaviour } from '../behaviours/registry.ts';
import { resolveBedrockBehaviour } from './model-id.ts';

describe('resolveBedrockBehaviour', () => {
  it('takes simulator names as they are, prefixes included', () => {
    expect(resolveBedrockBehaviour('thinking')).toBe(resolveBehaviour('thinking'));
    expect(resolveBedrockBehaviour('sim:slow')).toBe(resolveBehaviour('slow'));
  });

  it('finds a behaviour name written as a whole word inside a provider id', () => {
    expect(resolveBedrockBehaviour('us.sim.tools-v1:0')).toBe(resolveBehaviour('tools'));
    expect(resolveBedrockBehaviour('acme.error-429')).toBe(resolveBehaviour('error-429'));
    expect(resolveBedrockBehaviour('arn:aws:bedrock:us-east-1::foundation-model/x.SHOWCASE')).toBe(
      resolveBehaviour('showcase'),
    );
  });

  it('ignores names inside longer words and falls back to echo', () => {
    expect(resolveBedrockBehaviour('acme.echoes-v1')).toBe(echo);
    expect(resolveBedrockBehaviour('anthropic.claude-3-5-sonnet-20240620-v1:0')).toBe(echo);
    expect(resolveBedrockBehaviour('meta.llama3-70b-instruct-v1:0')).toBe(echo);
  });
});
