// The OpenAI Responses API (`/v1/responses`) through the `openai` SDK and the AI SDK's OpenAI
// provider, whose default models speak it.
import { createOpenAI } from '@ai-sdk/openai';
import OpenAI, { APIError } from 'openai';
import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { THINKING_PREFIX, THINKING_REASONING } from '../src/behaviours/thinking.ts';
import { TOOL_ANSWER_PREFIX } from '../src/behaviours/tools.ts';
import { startSimulator, type SimServer } from '../src/index.ts';
import { countTokens } from '../src/tokenize.ts';
import { describeAiSdkBehaviours } from './ai-sdk-matrix.ts';
import { describeAiSdkToolScripts } from './ai-sdk-tool-scripts.ts';

let sim: SimServer;
let client: OpenAI;

beforeAll(async () => {
  sim = await startSimulator({ defaults: { tokensPerSecond: 5000 } });
  client = new OpenAI({ baseURL: `${sim.url}/v1`, apiKey: 'x', maxRetries: 0 });
});
afterAll(() => sim.close());

async function streamEvents(params: {
  model: string;
  input: OpenAI.Responses.ResponseCreateParams['input'];
}) {
  const stream = await client.responses.create({ ...params, stream: true });
  const events: ResponseStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

function deltas(events: ResponseStreamEvent[], type: string): string {
  return events
    .filter((event) => event.type === type)
    .map((event) => (event as { delta: string }).delta)
    .join('');
}

describe('openai SDK, Responses API', () => {
  it('echo: lifecycle events in order, exact text, usage on response.completed', async () => {
    const message = 'Hello  *there*,\nsecond line.';
    const events = await streamEvents({ model: 'echo', input: message });
    expect(events[0]?.type).toBe('response.created');
    expect(events[1]?.type).toBe('response.in_progress');
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        'response.output_item.added',
        'response.content_part.added',
        'response.output_text.done',
      ]),
    );
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    expect(deltas(events, 'response.output_text.delta')).toBe(message);
    const done = events.at(-1);
    expect(done?.type).toBe('response.completed');
    if (done?.type !== 'response.completed') return;
    expect(done.response.id).toMatch(/^resp_/);
    expect(done.response.usage).toMatchObject({
      input_tokens: countTokens(message),
      output_tokens: countTokens(message),
      total_tokens: 2 * countTokens(message),
    });
  });

  it('thinking: a reasoning item with a summary, then the message (responses.stream helper)', async () => {
    const stream = client.responses.stream({ model: 'thinking', input: 'Why?' });
    const reasoning: string[] = [];
    stream.on('response.reasoning_summary_text.delta', (event) => reasoning.push(event.delta));
    const response = await stream.finalResponse();
    expect(reasoning.join('')).toBe(THINKING_REASONING);
    expect(response.output_text).toBe(`${THINKING_PREFIX}Why?`);
    expect(response.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    expect(response.usage?.output_tokens_details.reasoning_tokens).toBe(countTokens(THINKING_REASONING));
  });

  it('tools: a function_call item whose streamed arguments parse as JSON', async () => {
    const events = await streamEvents({ model: 'tools', input: 'Weather in Oslo?' });
    const done = events.find((event) => event.type === 'response.function_call_arguments.done');
    expect(done?.type === 'response.function_call_arguments.done' && JSON.parse(done.arguments)).toEqual({
      location: 'Oslo',
      unit: 'celsius',
    });
    expect(deltas(events, 'response.function_call_arguments.delta')).toBe(
      JSON.stringify({ location: 'Oslo', unit: 'celsius' }),
    );
    const completed = events.at(-1);
    const item = completed?.type === 'response.completed' ? completed.response.output[0] : undefined;
    expect(item).toMatchObject({ type: 'function_call', name: 'get_weather', status: 'completed' });
    expect(item?.type === 'function_call' && item.call_id).toMatch(/^call_/);
  });

  it('tools: answers the function_call_output once it is in the input', async () => {
    const response = await client.responses.create({
      model: 'tools',
      instructions: 'Be brief.',
      input: [
        { role: 'user', content: 'Weather in Paris?' },
        { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"location":"Paris"}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'Rainy, 12°C' },
      ],
    });
    expect(response.output_text).toBe(`${TOOL_ANSWER_PREFIX}Rainy, 12°C`);
    expect(response.status).toBe('completed');
  });

  it('non-streamed, with max_output_tokens: status incomplete with its reason', async () => {
    const response = await client.responses.create({
      model: 'echo',
      input: 'one two three four',
      max_output_tokens: 2,
    });
    expect(response.status).toBe('incomplete');
    expect(response.incomplete_details?.reason).toBe('max_output_tokens');
    expect(response.output_text).toBe('one two ');
  });

  it('errors: APIError with status, code and retry-after', async () => {
    const fail = (model: string, api = client) =>
      api.responses.create({ model, input: 'x', stream: true }).then(
        () => undefined,
        (error: unknown) => {
          expect(error).toBeInstanceOf(APIError);
          return error as APIError;
        },
      );
    expect((await fail('error-401'))?.status).toBe(401);
    const limited = await fail('error-429');
    expect(limited?.status).toBe(429);
    expect(limited?.headers?.get('retry-after')).toBe('2');
    expect((await fail('error-500'))?.status).toBe(500);
    expect((await fail('no-such-model'))?.status).toBe(404);
    const badKey = new OpenAI({ baseURL: `${sim.url}/v1`, apiKey: 'sk-invalid', maxRetries: 0 });
    expect((await fail('echo', badKey))?.status).toBe(401);
  });

  it('disconnect: the stream throws after the first text', async () => {
    const seen: string[] = [];
    const consume = async () => {
      const stream = await client.responses.create({ model: 'disconnect', input: 'x', stream: true });
      for await (const event of stream)
        if (event.type === 'response.output_text.delta') seen.push(event.delta);
    };
    await expect(consume()).rejects.toThrow();
    expect(seen.join('')).toMatch(/^This answer/);
    await vi.waitFor(() => expect(sim.stats().activeStreams).toBe(0));
  });
});

describeAiSdkBehaviours('openai (Responses API)', {
  model: (behaviour) => createOpenAI({ baseURL: `${sim.url}/v1`, apiKey: 'x' })(behaviour),
  badKeyModel: () => createOpenAI({ baseURL: `${sim.url}/v1`, apiKey: 'sk-invalid' })('echo'),
});

describeAiSdkToolScripts('openai (Responses API)', (behaviour) =>
  createOpenAI({ baseURL: `${sim.url}/v1`, apiKey: 'x' })(behaviour),
);
