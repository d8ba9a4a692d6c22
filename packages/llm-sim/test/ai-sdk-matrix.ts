// The same behaviour checks through any AI SDK provider, so every wire protocol is held to one
// standard: exact echo, reasoning, parsed tool input, a tool round trip, finish reasons, usage,
// error statuses and a dropped connection surfacing as an error.
import { APICallError, jsonSchema, stepCountIs, tool, type LanguageModel, type streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { SHOWCASE_MARKDOWN } from '../src/behaviours/showcase.ts';
import { slowAnswer } from '../src/behaviours/slow.ts';
import { THINKING_PREFIX, THINKING_REASONING } from '../src/behaviours/thinking.ts';
import { TOOL_ANSWER_PREFIX } from '../src/behaviours/tools.ts';
import { simTitle } from '../src/index.ts';
import { countTokens } from '../src/tokenize.ts';
import { collectAiSdk } from './ai-sdk-collect.ts';

// Unknown model names make providers warn on every call; the warnings say nothing about the wire.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

export interface MatrixOptions {
  /** The model for a behaviour name (Bedrock, Azure… wrap it in their own ids). */
  model(behaviour: string): LanguageModel;
  /** A model whose key the simulator refuses. */
  badKeyModel(): LanguageModel;
  /** Provider options that ask for reasoning where the protocol needs a request flag. */
  thinkingOptions?: Parameters<typeof streamText>[0]['providerOptions'];
  /** HTTP statuses for error-401, error-429, error-500 (Bedrock answers 403 for a bad key). */
  statuses?: { unauthorized: number };
  /** Whether the protocol reports reasoning tokens in its usage. */
  reasoningTokens?: boolean;
}

const weatherTool = tool({
  description: 'Current weather for a place',
  inputSchema: jsonSchema<{ location: string; unit?: string }>({
    type: 'object',
    properties: { location: { type: 'string' }, unit: { type: 'string' } },
    required: ['location'],
  }),
});

function statusOf(error: unknown): number | undefined {
  return APICallError.isInstance(error) ? error.statusCode : undefined;
}

export function describeAiSdkBehaviours(name: string, options: MatrixOptions): void {
  const { model } = options;
  describe(`AI SDK ${name}`, () => {
    it('echo: exact text, finish stop, usage', async () => {
      const prompt = 'Hello, world!\n\nSecond   paragraph with `code` and ünïcödé 漢字.';
      const result = await collectAiSdk({ model: model('echo'), prompt });
      expect(result.errors).toEqual([]);
      expect(result.text).toBe(prompt);
      expect(result.finishReason).toBe('stop');
      expect(result.usage?.outputTokens).toBe(countTokens(prompt));
      expect(result.usage?.inputTokens).toBe(countTokens(prompt));
    });

    it('showcase and title: the fixed document and a short title', async () => {
      expect((await collectAiSdk({ model: model('showcase'), prompt: 'show' })).text).toBe(SHOWCASE_MARKDOWN);
      const prompt = 'Plan a trip to Lisbon in May, cheaply.';
      expect((await collectAiSdk({ model: model('title'), prompt })).text).toBe(simTitle(prompt));
    });

    it('thinking: reasoning, then the answer', async () => {
      const result = await collectAiSdk({
        model: model('thinking'),
        prompt: 'Think!',
        ...(options.thinkingOptions ? { providerOptions: options.thinkingOptions } : {}),
      });
      expect(result.errors).toEqual([]);
      expect(result.reasoning).toBe(THINKING_REASONING);
      expect(result.text).toBe(`${THINKING_PREFIX}Think!`);
      if (options.reasoningTokens !== false) {
        expect(result.usage?.outputTokenDetails.reasoningTokens).toBe(countTokens(THINKING_REASONING));
      }
    });

    it('slow: the long answer, whole', async () => {
      const result = await collectAiSdk({
        model: model('slow'),
        prompt: 'go',
        headers: { 'x-sim-tokens-per-second': '20000' },
      });
      expect(result.text).toBe(slowAnswer());
    });

    it('tools: a get_weather call with parsed input, then a round trip quoting the result', async () => {
      const call = await collectAiSdk({
        model: model('tools'),
        prompt: 'What is the weather in New York?',
        tools: { get_weather: weatherTool },
      });
      expect(call.errors).toEqual([]);
      expect(call.toolCalls).toEqual([
        { toolName: 'get_weather', input: { location: 'New York', unit: 'celsius' } },
      ]);
      expect(call.finishReason).toBe('tool-calls');

      const roundTrip = await collectAiSdk({
        model: model('tools'),
        prompt: 'What is the weather in Rome?',
        tools: { get_weather: { ...weatherTool, execute: async () => 'Sunny, 21°C' } },
        stopWhen: stepCountIs(3),
      });
      expect(roundTrip.errors).toEqual([]);
      expect(roundTrip.text.startsWith(TOOL_ANSWER_PREFIX)).toBe(true);
      expect(roundTrip.text).toContain('Sunny, 21°C');
      expect(roundTrip.finishReason).toBe('stop');
    });

    it('maxOutputTokens: finish reason length', async () => {
      const result = await collectAiSdk({
        model: model('echo'),
        prompt: 'a b c d e f g h',
        maxOutputTokens: 4,
      });
      expect(result.text).toBe('a b c d ');
      expect(result.finishReason).toBe('length');
      expect(result.usage?.outputTokens).toBe(4);
    });

    it('errors: 401 (or the protocol’s equivalent), 429 and 500 with their status', async () => {
      const unauthorized = options.statuses?.unauthorized ?? 401;
      for (const [behaviour, status] of [
        ['error-401', unauthorized],
        ['error-429', 429],
        ['error-500', 500],
      ] as const) {
        const result = await collectAiSdk({ model: model(behaviour), prompt: 'x' });
        expect(result.errors).toHaveLength(1);
        expect(statusOf(result.errors[0])).toBe(status);
      }
      const badKey = await collectAiSdk({ model: options.badKeyModel(), prompt: 'x' });
      expect(statusOf(badKey.errors[0])).toBe(unauthorized);
    });

    it('disconnect: an error, and no clean finish', async () => {
      const result = await collectAiSdk({ model: model('disconnect'), prompt: 'x' });
      expect(result.errors.length).toBeGreaterThan(0);
      expect(result.text).toMatch(/^This answer/);
      expect(result.finishReason).not.toBe('stop');
    });
  });
}
