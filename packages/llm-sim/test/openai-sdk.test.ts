// Every behaviour, seen through the official `openai` SDK.
import { APIError } from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHOWCASE_MARKDOWN } from '../src/behaviours/showcase.ts';
import { slowAnswer } from '../src/behaviours/slow.ts';
import { THINKING_PREFIX, THINKING_REASONING } from '../src/behaviours/thinking.ts';
import { TOOL_ANSWER_PREFIX } from '../src/behaviours/tools.ts';
import { SIM_MODELS, simTitle, startSimulator, type SimServer } from '../src/index.ts';
import { countTokens } from '../src/tokenize.ts';
import { collectOpenAI, openAIClient, user } from './openai-collect.ts';

let sim: SimServer;
let client: ReturnType<typeof openAIClient>;

beforeAll(async () => {
  sim = await startSimulator({ defaults: { tokensPerSecond: 2000 } });
  client = openAIClient(`${sim.url}/v1`);
});
afterAll(() => sim.close());

async function expectApiError(promise: Promise<unknown>, status: number): Promise<APIError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(APIError);
  expect((error as APIError).status).toBe(status);
  return error as APIError;
}

describe('openai SDK', () => {
  it('echo reproduces the last user message exactly, with role, finish and usage', async () => {
    const message = 'Hello, world!  This is   a *markdown* test:\n\n- one\n- two';
    const result = await collectOpenAI(client, {
      model: 'echo',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'assistant', content: 'Earlier.' },
        ...user(message),
      ],
    });
    expect(result.text).toBe(message);
    expect(result.roles).toEqual(['assistant']);
    expect(result.finishReason).toBe('stop');
    expect(result.chunkIds.size).toBe(1);
    expect([...result.chunkIds][0]).toMatch(/^chatcmpl-/);
    expect(result.usage).toMatchObject({
      prompt_tokens: countTokens('Be brief.') + countTokens('Earlier.') + countTokens(message),
      completion_tokens: countTokens(message),
    });
    expect(result.usage?.total_tokens).toBe(result.usage!.prompt_tokens + result.usage!.completion_tokens);
  });

  it('echo reads the text parts of an array content, and answers an empty message', async () => {
    const parts = await collectOpenAI(client, {
      model: 'echo',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe this' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
          ],
        },
      ],
    });
    expect(parts.text).toBe('Describe this');
    const empty = await collectOpenAI(client, { model: 'echo', messages: user('') });
    expect(empty.text).toBe('(empty message)');
  });

  it('gpt-4o-mini and prefixed names behave like echo', async () => {
    expect((await collectOpenAI(client, { model: 'gpt-4o-mini', messages: user('same text') })).text).toBe(
      'same text',
    );
    expect((await collectOpenAI(client, { model: 'demo/echo', messages: user('prefixed') })).text).toBe(
      'prefixed',
    );
    expect((await collectOpenAI(client, { model: 'sim:echo', messages: user('colon') })).text).toBe('colon');
  });

  it('showcase streams the fixed markdown document', async () => {
    const result = await collectOpenAI(client, { model: 'showcase', messages: user('show me') });
    expect(result.text).toBe(SHOWCASE_MARKDOWN);
    for (const needle of [
      '```typescript',
      '```python',
      '```bash',
      '$E = mc^2$',
      '$$',
      ':::thinking',
      '| ---',
    ]) {
      expect(result.text).toContain(needle);
    }
  });

  it('thinking streams reasoning_content first, then the answer', async () => {
    const result = await collectOpenAI(client, { model: 'thinking', messages: user('Why is the sky blue?') });
    expect(result.reasoning).toBe(THINKING_REASONING);
    expect(result.text).toBe(`${THINKING_PREFIX}Why is the sky blue?`);
    expect(result.usage?.completion_tokens_details?.reasoning_tokens).toBe(countTokens(THINKING_REASONING));
  });

  it('slow streams its numbered sentences, each exactly once', async () => {
    const result = await collectOpenAI(client, {
      model: 'slow',
      messages: user('go'),
      sim: { tokensPerSecond: 5000 },
    });
    expect(result.text).toBe(slowAnswer());
    expect(result.usage?.completion_tokens).toBeGreaterThanOrEqual(300);
    const numbers = [...result.text.matchAll(/Sentence (\d+) of/g)].map((m) => Number(m[1]));
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  });

  it('tools streams a get_weather call with JSON arguments split over chunks', async () => {
    const result = await collectOpenAI(client, { model: 'tools', messages: user('Weather in New York?') });
    expect(result.finishReason).toBe('tool_calls');
    expect(result.toolCalls).toHaveLength(1);
    const [call] = result.toolCalls;
    expect(call?.id).toMatch(/^call_/);
    expect(call?.name).toBe('get_weather');
    expect(JSON.parse(call!.arguments)).toEqual({ location: 'New York', unit: 'celsius' });
    expect(result.text).toBe('');
  });

  it('tools answers with the tool result once it is in the request', async () => {
    const result = await collectOpenAI(client, {
      model: 'tools',
      messages: [
        ...user('Weather in Paris?'),
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"location":"Paris"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'Sunny, 21°C' },
      ],
    });
    expect(result.text).toBe(`${TOOL_ANSWER_PREFIX}Sunny, 21°C`);
    expect(result.finishReason).toBe('stop');
  });

  it('title answers a short title of the first user message', async () => {
    const first = '**How** do I write a great README file, please?';
    const result = await collectOpenAI(client, {
      model: 'title',
      messages: [...user(first), { role: 'assistant', content: 'Like this.' }, ...user('More?')],
    });
    expect(result.text).toBe(simTitle(first));
    expect(result.text).toBe('How do I write a great');
  });

  it('max_tokens stops the answer with finish_reason length', async () => {
    const result = await collectOpenAI(client, {
      model: 'echo',
      messages: user('one two three four five six seven'),
      max_tokens: 3,
    });
    expect(result.text).toBe('one two three ');
    expect(result.finishReason).toBe('length');
    expect(result.usage?.completion_tokens).toBe(3);
  });

  it('stream: false answers one chat.completion with the same content', async () => {
    const completion = await client.chat.completions.create({ model: 'thinking', messages: user('hi') });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.message.content).toBe(`${THINKING_PREFIX}hi`);
    expect((completion.choices[0]?.message as { reasoning_content?: string }).reasoning_content).toBe(
      THINKING_REASONING,
    );
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage?.completion_tokens).toBe(
      countTokens(THINKING_REASONING) + countTokens(`${THINKING_PREFIX}hi`),
    );

    const tools = await client.chat.completions.create({ model: 'tools', messages: user('Weather?') });
    const call = tools.choices[0]?.message.tool_calls?.[0];
    expect(tools.choices[0]?.finish_reason).toBe('tool_calls');
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({
      location: 'Paris',
      unit: 'celsius',
    });
  });

  it('error-401, the sk-invalid key, error-429 and error-500 surface as APIError', async () => {
    const unauthorized = await expectApiError(
      collectOpenAI(client, { model: 'error-401', messages: user('x') }),
      401,
    );
    expect(unauthorized.code).toBe('invalid_api_key');
    expect(unauthorized.message).toContain('Incorrect API key provided');
    const badKey = openAIClient(`${sim.url}/v1`, 'sk-invalid');
    await expectApiError(collectOpenAI(badKey, { model: 'echo', messages: user('x') }), 401);
    const limited = await expectApiError(
      collectOpenAI(client, { model: 'error-429', messages: user('x') }),
      429,
    );
    expect(limited.headers?.get('retry-after')).toBe('2');
    expect(limited.code).toBe('rate_limit_exceeded');
    const failed = await expectApiError(
      collectOpenAI(client, { model: 'error-500', messages: user('x') }),
      500,
    );
    expect(failed.type).toBe('server_error');
  });

  it('disconnect surfaces as an error after a few tokens', async () => {
    const deltas: string[] = [];
    const consume = async () => {
      const stream = await client.chat.completions.create({
        model: 'disconnect',
        messages: user('x'),
        stream: true,
      });
      for await (const chunk of stream) deltas.push(chunk.choices[0]?.delta.content ?? '');
    };
    await expect(consume()).rejects.toThrow();
    expect(deltas.join('')).toMatch(/^This answer/);
    await vi.waitFor(() => expect(sim.stats().activeStreams).toBe(0));
  });

  it('unknown models are 404, bad bodies 400', async () => {
    const missing = await expectApiError(
      collectOpenAI(client, { model: 'no-such-model', messages: user('x') }),
      404,
    );
    expect(missing.code).toBe('model_not_found');
    const empty = await expectApiError(collectOpenAI(client, { model: 'echo', messages: [] }), 400);
    expect(empty.param).toBe('messages');
  });

  it('lists and retrieves the models', async () => {
    const page = await client.models.list();
    expect(page.data.map((model) => model.id)).toEqual([...SIM_MODELS]);
    expect(page.data[0]).toMatchObject({ object: 'model', owned_by: 'parley-sim' });
    expect((await client.models.retrieve('demo/echo')).id).toBe('demo/echo');
  });
});
