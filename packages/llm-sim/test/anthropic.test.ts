// Anthropic Messages (`/v1/messages`) through `@anthropic-ai/sdk` and the AI SDK's Anthropic provider.
import { createAnthropic } from '@ai-sdk/anthropic';
import Anthropic, { APIError } from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { THINKING_PREFIX, THINKING_REASONING } from '../src/behaviours/thinking.ts';
import { TOOL_ANSWER_PREFIX } from '../src/behaviours/tools.ts';
import { SIM_MODELS, startSimulator, type SimServer } from '../src/index.ts';
import { countTokens } from '../src/tokenize.ts';
import { describeAiSdkBehaviours } from './ai-sdk-matrix.ts';
import { describeAiSdkToolScripts } from './ai-sdk-tool-scripts.ts';

let sim: SimServer;
let client: Anthropic;

beforeAll(async () => {
  sim = await startSimulator({ defaults: { tokensPerSecond: 5000 } });
  client = new Anthropic({ baseURL: sim.url, apiKey: 'x', maxRetries: 0 });
});
afterAll(() => sim.close());

const user = (content: string) => [{ role: 'user' as const, content }];

async function failure(promise: Promise<unknown>): Promise<APIError | undefined> {
  return promise.then(
    () => undefined,
    (error: unknown) => {
      expect(error).toBeInstanceOf(APIError);
      return error as APIError;
    },
  );
}

describe('@anthropic-ai/sdk', () => {
  it('echo: named events in order, exact text, end_turn and usage', async () => {
    const message = 'Hello **Claude**,\n\nsecond paragraph.';
    const stream = await client.messages.create({
      model: 'echo',
      max_tokens: 1024,
      messages: user(message),
      stream: true,
    });
    const types: string[] = [];
    let text = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
    }
    expect(text).toBe(message);
    expect(types.slice(0, 2)).toEqual(['message_start', 'content_block_start']);
    expect(types.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
  });

  it('messages.stream: final message with thinking (and its signature) before the text', async () => {
    const final = await client.messages
      .stream({
        model: 'thinking',
        max_tokens: 4096,
        thinking: { type: 'enabled', budget_tokens: 2048 },
        messages: user('Why?'),
      })
      .finalMessage();
    const [thinking, text] = final.content;
    expect(thinking?.type === 'thinking' && thinking.thinking).toBe(THINKING_REASONING);
    expect(thinking?.type === 'thinking' && thinking.signature.length).toBeGreaterThan(20);
    expect(text?.type === 'text' && text.text).toBe(`${THINKING_PREFIX}Why?`);
    expect(final.stop_reason).toBe('end_turn');
    expect(final.id).toMatch(/^msg_/);
    expect(final.usage.output_tokens).toBe(
      countTokens(THINKING_REASONING) + countTokens(`${THINKING_PREFIX}Why?`),
    );
  });

  it('tools: a tool_use block whose streamed input parses, stop_reason tool_use; then the result', async () => {
    const final = await client.messages
      .stream({ model: 'tools', max_tokens: 1024, messages: user('Weather in Kyoto?') })
      .finalMessage();
    const block = final.content[0];
    expect(block?.type).toBe('tool_use');
    if (block?.type !== 'tool_use') return;
    expect(block.id).toMatch(/^toolu_/);
    expect(block.name).toBe('get_weather');
    expect(block.input).toEqual({ location: 'Kyoto', unit: 'celsius' });
    expect(final.stop_reason).toBe('tool_use');

    const answer = await client.messages.create({
      model: 'tools',
      max_tokens: 1024,
      messages: [
        ...user('Weather in Kyoto?'),
        { role: 'assistant', content: final.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: block.id, content: 'Cloudy, 18°C' }] },
      ],
    });
    expect(answer.content).toEqual([{ type: 'text', text: `${TOOL_ANSWER_PREFIX}Cloudy, 18°C` }]);
  });

  it('prompt caching: tokens up to the last cache_control breakpoint are cache reads', async () => {
    const system = 'You are a careful assistant who answers in full sentences.';
    const answer = await client.messages.create({
      model: 'echo',
      max_tokens: 1024,
      system: [{ type: 'text', text: system, cache_control: { type: 'ephemeral' } }],
      messages: user('hi there'),
    });
    expect(answer.usage).toMatchObject({
      cache_read_input_tokens: countTokens(system),
      cache_creation_input_tokens: 0,
      input_tokens: countTokens('hi there'),
    });
    const uncached = await client.messages.create({
      model: 'echo',
      max_tokens: 1024,
      messages: user('hi there'),
    });
    expect(uncached.usage.cache_read_input_tokens).toBe(0);
  });

  it('max_tokens: stop_reason max_tokens', async () => {
    const answer = await client.messages.create({
      model: 'echo',
      max_tokens: 2,
      messages: user('one two three'),
    });
    expect(answer.content).toEqual([{ type: 'text', text: 'one two ' }]);
    expect(answer.stop_reason).toBe('max_tokens');
  });

  it('errors: Anthropic error types and statuses, retry-after, missing max_tokens', async () => {
    const create = (model: string, api = client) =>
      failure(api.messages.create({ model, max_tokens: 10, messages: user('x'), stream: true }));
    const unauthorized = await create('error-401');
    expect(unauthorized?.status).toBe(401);
    expect(unauthorized?.error).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    const limited = await create('error-429');
    expect(limited?.status).toBe(429);
    expect(limited?.headers?.get('retry-after')).toBe('2');
    expect(limited?.error).toMatchObject({ error: { type: 'rate_limit_error' } });
    const failed = await create('error-500');
    expect(failed?.status).toBe(500);
    expect(failed?.error).toMatchObject({ error: { type: 'api_error' } });
    expect((await create('no-such-model'))?.status).toBe(404);
    const badKey = new Anthropic({ baseURL: sim.url, apiKey: 'sk-invalid', maxRetries: 0 });
    expect((await create('echo', badKey))?.status).toBe(401);
    const noLimit = await failure(
      client.messages.create({
        model: 'echo',
        messages: user('x'),
      } as unknown as Anthropic.MessageCreateParamsNonStreaming),
    );
    expect(noLimit?.status).toBe(400);
  });

  it('disconnect: the stream throws after the first text', async () => {
    let text = '';
    const consume = async () => {
      const stream = await client.messages.create({
        model: 'disconnect',
        max_tokens: 99,
        messages: user('x'),
        stream: true,
      });
      for await (const event of stream) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta')
          text += event.delta.text;
      }
    };
    await expect(consume()).rejects.toThrow();
    expect(text).toMatch(/^This answer/);
    await vi.waitFor(() => expect(sim.stats().activeStreams).toBe(0));
  });

  it('lists the models in Anthropic format', async () => {
    const page = await client.models.list();
    expect(page.data.map((model) => model.id)).toEqual([...SIM_MODELS]);
    expect(page.data[0]?.type).toBe('model');
  });
});

describeAiSdkBehaviours('anthropic', {
  model: (behaviour) => createAnthropic({ baseURL: `${sim.url}/v1`, apiKey: 'x' })(behaviour),
  badKeyModel: () => createAnthropic({ baseURL: `${sim.url}/v1`, apiKey: 'sk-invalid' })('echo'),
  // Anthropic reports no separate reasoning token count.
  reasoningTokens: false,
});

describeAiSdkToolScripts('anthropic', (behaviour) =>
  createAnthropic({ baseURL: `${sim.url}/v1`, apiKey: 'x' })(behaviour),
);
