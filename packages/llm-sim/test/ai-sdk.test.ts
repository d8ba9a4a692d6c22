// Every behaviour, seen through the Vercel AI SDK's OpenAI-compatible provider.
import { APICallError, jsonSchema, stepCountIs, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOWCASE_MARKDOWN } from '../src/behaviours/showcase.ts';
import { slowAnswer } from '../src/behaviours/slow.ts';
import { THINKING_PREFIX, THINKING_REASONING } from '../src/behaviours/thinking.ts';
import { TOOL_ANSWER_PREFIX } from '../src/behaviours/tools.ts';
import { simTitle, startSimulator, type SimServer } from '../src/index.ts';
import { countTokens } from '../src/tokenize.ts';
import { collectAiSdk, simProvider } from './ai-sdk-collect.ts';
import { describeAiSdkToolScripts } from './ai-sdk-tool-scripts.ts';

let sim: SimServer;
let provider: ReturnType<typeof simProvider>;

beforeAll(async () => {
  sim = await startSimulator({ defaults: { tokensPerSecond: 2000 } });
  provider = simProvider(`${sim.url}/v1`);
});
afterAll(() => sim.close());

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

describe('AI SDK (openai-compatible)', () => {
  it('echo: text deltas equal the prompt; finish stop with usage', async () => {
    const prompt = 'Hello, world!\n\nSecond   paragraph with `code`.';
    const result = await collectAiSdk({ model: provider('echo'), prompt });
    expect(result.errors).toEqual([]);
    expect(result.text).toBe(prompt);
    expect(result.finishReason).toBe('stop');
    expect(result.usage?.outputTokens).toBe(countTokens(prompt));
    expect(result.usage?.inputTokens).toBe(countTokens(prompt));
  });

  it('showcase: the whole markdown document', async () => {
    const result = await collectAiSdk({ model: provider('showcase'), prompt: 'show' });
    expect(result.text).toBe(SHOWCASE_MARKDOWN);
  });

  it('thinking: reasoning deltas, then text deltas', async () => {
    const result = await collectAiSdk({ model: provider('thinking'), prompt: 'Think!' });
    expect(result.reasoning).toBe(THINKING_REASONING);
    expect(result.text).toBe(`${THINKING_PREFIX}Think!`);
    expect(result.usage?.outputTokenDetails.reasoningTokens).toBe(countTokens(THINKING_REASONING));
  });

  it('slow: the deterministic long answer', async () => {
    const result = await collectAiSdk({
      model: provider('slow'),
      prompt: 'go',
      headers: { 'x-sim-tokens-per-second': '5000' },
    });
    expect(result.text).toBe(slowAnswer());
  });

  it('tools: a get_weather tool call with parsed input and finish reason tool-calls', async () => {
    const result = await collectAiSdk({
      model: provider('tools'),
      prompt: 'What is the weather in Berlin?',
      tools: { get_weather: weatherTool },
    });
    expect(result.errors).toEqual([]);
    expect(result.toolCalls).toEqual([
      { toolName: 'get_weather', input: { location: 'Berlin', unit: 'celsius' } },
    ]);
    expect(result.finishReason).toBe('tool-calls');
  });

  it('tools: a full round trip, the second step quoting the executed result', async () => {
    const result = await collectAiSdk({
      model: provider('tools'),
      prompt: 'What is the weather in Rome?',
      tools: { get_weather: { ...weatherTool, execute: async () => 'Sunny, 21°C' } },
      stopWhen: stepCountIs(3),
    });
    expect(result.errors).toEqual([]);
    expect(result.text.startsWith(TOOL_ANSWER_PREFIX)).toBe(true);
    expect(result.text).toContain('Sunny, 21°C');
    expect(result.finishReason).toBe('stop');
  });

  it('title: a short title of the first user message', async () => {
    const result = await collectAiSdk({
      model: provider('title'),
      prompt: 'Plan a trip to Lisbon in May, cheaply.',
    });
    expect(result.text).toBe(simTitle('Plan a trip to Lisbon in May, cheaply.'));
  });

  it('maxOutputTokens: finish reason length', async () => {
    const result = await collectAiSdk({
      model: provider('echo'),
      prompt: 'a b c d e f g h',
      maxOutputTokens: 4,
    });
    expect(result.text).toBe('a b c d ');
    expect(result.finishReason).toBe('length');
    expect(result.usage?.outputTokens).toBe(4);
  });

  it('errors: 401, 429 and 500 arrive as error parts with their status', async () => {
    for (const [model, status] of [
      ['error-401', 401],
      ['error-429', 429],
      ['error-500', 500],
    ] as const) {
      const result = await collectAiSdk({ model: provider(model), prompt: 'x' });
      expect(result.errors).toHaveLength(1);
      expect(statusOf(result.errors[0])).toBe(status);
    }
    const badKey = simProvider(`${sim.url}/v1`, 'sk-invalid');
    const result = await collectAiSdk({ model: badKey('echo'), prompt: 'x' });
    expect(statusOf(result.errors[0])).toBe(401);
  });

  it('disconnect: an error part, and no clean finish', async () => {
    const result = await collectAiSdk({ model: provider('disconnect'), prompt: 'x' });
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.text).toMatch(/^This answer/);
    expect(result.finishReason).not.toBe('stop');
  });

  it('unknown model: an error part with status 404', async () => {
    const result = await collectAiSdk({ model: provider('no-such-model'), prompt: 'x' });
    expect(statusOf(result.errors[0])).toBe(404);
  });
});

describeAiSdkToolScripts('openai-compatible (Chat Completions)', (behaviour) => provider(behaviour));
