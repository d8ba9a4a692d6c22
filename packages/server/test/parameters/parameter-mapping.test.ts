import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerEnv, providerYaml } from '../providers/provider-env.ts';
import {
  badRequestMessage,
  finalOf,
  startProviderFixture,
  type ProviderFixture,
} from '../providers/provider-fixture.ts';

let f: ProviderFixture;
beforeAll(async () => {
  f = await startProviderFixture({ env: providerEnv, yaml: providerYaml });
});
afterAll(() => f.stop());

let seq = 0;
/** Sends one message and answers the body the simulator received for it. */
async function upstreamBody(endpoint: string, json: Record<string, unknown>) {
  const text = `mapping probe ${++seq}`;
  const events = await f.chat(endpoint, { text, ...json });
  expect(finalOf(events), JSON.stringify(events.at(-1)?.data)).toBeDefined();
  const request = f.requestWith(text);
  return { body: request.body as any, request }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('openAI', () => {
  it('Chat Completions: set values (numeric strings too) go as OpenAI fields; unset ones are left out', async () => {
    const { body } = await upstreamBody('openAI', {
      model: 'gpt-4o-mini',
      temperature: '0.3',
      top_p: 0.8,
      frequency_penalty: '0.5',
      presence_penalty: '',
      max_tokens: '256',
      stop: ['END', '###'],
    });
    expect(body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.3,
      top_p: 0.8,
      frequency_penalty: 0.5,
      max_tokens: 256,
      stop: ['END', '###'],
      stream: true,
    });
    expect(body).not.toHaveProperty('presence_penalty');
    const { body: bare } = await upstreamBody('openAI', { model: 'gpt-4o-mini' });
    for (const key of ['temperature', 'top_p', 'max_tokens', 'stop']) expect(bare).not.toHaveProperty(key);
  });

  it('Responses API: reasoning effort and summary, max_output_tokens, the system prompt as instructions', async () => {
    const { body, request } = await upstreamBody('openAI', {
      model: 'o3-mini/echo',
      useResponsesApi: true,
      reasoning_effort: 'low',
      reasoning_summary: 'detailed',
      max_tokens: 300,
      promptPrefix: 'Answer in French.',
    });
    expect(request.url).toBe('/v1/responses');
    expect(body).toMatchObject({ model: 'o3-mini/echo', max_output_tokens: 300 });
    expect(JSON.stringify(body)).toContain('Answer in French.');
    expect(body.reasoning).toEqual({ effort: 'low', summary: 'detailed' });
  });

  it('refuses out-of-range values with 400 naming the field', async () => {
    for (const [json, field] of [
      [{ temperature: 2.5 }, 'temperature'],
      [{ top_p: '1.2' }, 'top_p'],
      [{ frequency_penalty: -1 }, 'frequency_penalty'],
      [{ max_tokens: 'many' }, 'max_tokens'],
      [{ reasoning_effort: 'extreme' }, 'reasoning_effort'],
      [{ stop: ['a', 'b', 'c', 'd', 'e'] }, 'stop'],
    ] as const) {
      const { status, body } = await badRequestMessage(f, 'openAI', { model: 'gpt-4o-mini', ...json });
      expect(status, JSON.stringify(json)).toBe(400);
      expect(body.message).toContain(field);
      expect(body.issues[0].path).toBe(field);
    }
  });
});

describe('azureOpenAI', () => {
  it('a model maps to its group deployment and api-version; addParams-free body as OpenAI', async () => {
    const { request, body } = await upstreamBody('azureOpenAI', { model: 'gpt-4o', temperature: 0.4 });
    expect(request.url).toBe('/openai/deployments/echo/chat/completions?api-version=2024-10-21');
    expect(request.headers['api-key']).toBe('az-key');
    expect(body).toMatchObject({ temperature: 0.4 });
    const other = await upstreamBody('azureOpenAI', { model: 'thinking' });
    expect(other.request.url).toBe(
      '/openai/deployments/thinking/chat/completions?api-version=2024-08-01-preview',
    );
  });
});

describe('anthropic', () => {
  it('sends the spec defaults (temperature 1, top_p 0.7, top_k 5, max_tokens 8192) and caches the prompt', async () => {
    const { body, request } = await upstreamBody('anthropic', {
      model: 'claude-3-5-sonnet/echo',
      promptPrefix: 'You are terse.',
    });
    expect(request.headers['x-api-key']).toBe('sk-ant');
    expect(body).toMatchObject({ temperature: 1, top_k: 5, max_tokens: 8192 });
    expect(body.thinking).toBeUndefined();
    expect(body.system).toEqual([
      { type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral' } },
    ]);
    expect(body.messages.at(-1).content.at(-1).cache_control).toEqual({ type: 'ephemeral' });
  });

  it('legacy models default to 4096 output tokens and refuse more', async () => {
    const { body } = await upstreamBody('anthropic', { model: 'claude-3-opus/echo' });
    expect(body.max_tokens).toBe(4096);
    const refused = await badRequestMessage(f, 'anthropic', {
      model: 'claude-3-opus/echo',
      maxOutputTokens: 5000,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0]).toMatchObject({
      path: 'maxOutputTokens',
      message: 'must be at most 4096',
    });
    const { body: newer } = await upstreamBody('anthropic', {
      model: 'claude-3-5-sonnet/echo',
      maxOutputTokens: '20000',
    });
    expect(newer.max_tokens).toBe(20000);
  });

  it('extended thinking on a 3.7 model: thinking with the budget, added to max_tokens; promptCache off', async () => {
    const { body } = await upstreamBody('anthropic', {
      model: 'claude-3-7-sonnet/thinking',
      thinkingBudget: '3000',
      maxOutputTokens: 1000,
      promptCache: false,
    });
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 3000 });
    expect(body.max_tokens).toBe(4000);
    // Thinking allows no temperature, top_p or top_k.
    expect(body).not.toHaveProperty('top_k');
    expect(body).not.toHaveProperty('temperature');
    expect(JSON.stringify(body)).not.toContain('cache_control');
    const { body: off } = await upstreamBody('anthropic', {
      model: 'claude-3-7-sonnet/thinking',
      thinking: false,
    });
    expect(off.thinking).toBeUndefined();
  });

  it('ranges: temperature 0–1, topK 1–40, thinkingBudget ≥ 1024', async () => {
    for (const [json, field] of [
      [{ temperature: 1.5 }, 'temperature'],
      [{ topK: 0 }, 'topK'],
      [{ thinkingBudget: 500 }, 'thinkingBudget'],
    ] as const) {
      const { status, body } = await badRequestMessage(f, 'anthropic', {
        model: 'claude-3-5-sonnet/echo',
        ...json,
      });
      expect(status).toBe(400);
      expect(body.issues[0].path).toBe(field);
    }
  });
});

describe('google', () => {
  it('generationConfig with the spec defaults and a dynamic thinking budget for thinking models', async () => {
    const { body, request } = await upstreamBody('google', { model: 'thinking' });
    expect(request.headers['x-goog-api-key']).toBe('g-key');
    expect(body.generationConfig).toMatchObject({
      temperature: 1,
      topP: 0.95,
      topK: 40,
      maxOutputTokens: 8192,
      thinkingConfig: { thinkingBudget: -1, includeThoughts: true },
    });
    const { body: plain } = await upstreamBody('google', { model: 'echo', topK: '12', thinkingBudget: 1000 });
    expect(plain.generationConfig.topK).toBe(12);
    // Models without thinking get no thinkingConfig.
    expect(plain.generationConfig.thinkingConfig).toBeUndefined();
  });

  it('ranges: topK 1–40, maxOutputTokens ≤ 64000, thinkingBudget -1–32768', async () => {
    for (const [json, field] of [
      [{ topK: 41 }, 'topK'],
      [{ maxOutputTokens: 64001 }, 'maxOutputTokens'],
      [{ thinkingBudget: -2 }, 'thinkingBudget'],
      [{ temperature: 2.1 }, 'temperature'],
    ] as const) {
      const { status, body } = await badRequestMessage(f, 'google', { model: 'echo', ...json });
      expect(status).toBe(400);
      expect(body.issues[0].path).toBe(field);
    }
  });
});

describe('bedrock', () => {
  it('slider defaults per sub-provider', async () => {
    const cases: [string, number, number][] = [
      ['anthropic.claude-3-5-sonnet-20240620-v1:0', 1, 0.999],
      ['mistral.mistral-large-2407-v1:0', 0.7, 0.9],
      ['cohere.command-r-plus-v1:0', 0.3, 0.75],
      ['meta.llama3-slow-v1:0', 0.5, 0.9],
      ['amazon.nova-pro-v1:0', 0.5, 0.9],
    ];
    for (const [model, temperature, topP] of cases) {
      const { body, request } = await upstreamBody('bedrock', {
        model,
        ...(model.startsWith('meta') ? { maxTokens: 5 } : {}),
      });
      expect(request.url).toBe(`/model/${encodeURIComponent(model)}/converse-stream`);
      expect(body.inferenceConfig, model).toMatchObject({ temperature, topP });
    }
  });

  it('Anthropic on Bedrock: top_k as an additional field, thinking with its budget, the chosen region', async () => {
    const { body, request } = await upstreamBody('bedrock', {
      model: 'anthropic.claude-3-haiku-20240307-v1:0',
      topK: 250,
      maxTokens: '1000',
      region: 'eu-west-1',
    });
    expect(body.inferenceConfig).toMatchObject({ maxTokens: 1000 });
    expect(body.additionalModelRequestFields).toEqual({ top_k: 250 });
    expect(String(request.headers.authorization)).toMatch(
      /Credential=AKIDPARLEYTEST\/\d+\/eu-west-1\/bedrock\//,
    );
    const { body: thinking } = await upstreamBody('bedrock', {
      model: 'us.anthropic.claude-3-7-sonnet-thinking-v1:0',
    });
    expect(thinking.additionalModelRequestFields.thinking).toEqual({ type: 'enabled', budget_tokens: 2000 });
  });

  it('ranges: temperature 0–1, topK 0–500, Cohere topP 0.01–0.99, a configured region', async () => {
    for (const [json, field] of [
      [{ model: 'meta.llama3-slow-v1:0', temperature: 1.2 }, 'temperature'],
      [{ model: 'anthropic.claude-3-5-sonnet-20240620-v1:0', topK: 501 }, 'topK'],
      [{ model: 'cohere.command-r-plus-v1:0', topP: 0.995 }, 'topP'],
      [{ model: 'cohere.command-r-plus-v1:0', region: 'ap-south-1' }, 'region'],
    ] as const) {
      const { status, body } = await badRequestMessage(f, 'bedrock', json);
      expect(status, JSON.stringify(json)).toBe(400);
      expect(body.issues[0].path).toBe(field);
    }
  });
});

describe('custom endpoint', () => {
  it('sends its headers, merges addParams and drops dropParams', async () => {
    const { body, request } = await upstreamBody('Groq', {
      model: 'echo',
      frequency_penalty: 0.5,
      temperature: 0.2,
    });
    expect(request.headers['x-team']).toBe('parley');
    expect(request.headers.authorization).toBe('Bearer sk-groq');
    expect(body).toMatchObject({ safe_mode: true, temperature: 0.2 });
    expect(body).not.toHaveProperty('frequency_penalty');
  });
});
