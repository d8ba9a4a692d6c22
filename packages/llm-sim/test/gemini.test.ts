// Google Gemini (`/v1beta/models/{model}:streamGenerateContent?alt=sse`, `:generateContent`) through
// `@google/genai` and the AI SDK's Google provider.
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { ApiError, GoogleGenAI, type GenerateContentResponse } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { THINKING_PREFIX, THINKING_REASONING } from '../src/behaviours/thinking.ts';
import { TOOL_ANSWER_PREFIX } from '../src/behaviours/tools.ts';
import { SIM_MODELS, startSimulator, type SimServer } from '../src/index.ts';
import { countTokens } from '../src/tokenize.ts';
import { describeAiSdkBehaviours } from './ai-sdk-matrix.ts';
import { describeAiSdkToolScripts } from './ai-sdk-tool-scripts.ts';

let sim: SimServer;
let genai: GoogleGenAI;

beforeAll(async () => {
  sim = await startSimulator({ defaults: { tokensPerSecond: 5000 } });
  genai = genaiClient('x');
});
afterAll(() => sim.close());

function genaiClient(apiKey: string): GoogleGenAI {
  // No retries: error answers must surface at once.
  return new GoogleGenAI({ apiKey, httpOptions: { baseUrl: sim.url, retryOptions: { attempts: 1 } } });
}

async function collect(stream: AsyncGenerator<GenerateContentResponse>) {
  const chunks: GenerateContentResponse[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const parts = chunks.flatMap((chunk) => chunk.candidates?.[0]?.content?.parts ?? []);
  return {
    chunks,
    text: parts
      .filter((part) => !part.thought && part.text)
      .map((part) => part.text)
      .join(''),
    thoughts: parts
      .filter((part) => part.thought)
      .map((part) => part.text)
      .join(''),
    calls: parts.flatMap((part) => (part.functionCall ? [part.functionCall] : [])),
    last: chunks.at(-1),
  };
}

async function failure(promise: Promise<unknown>): Promise<ApiError | undefined> {
  return promise.then(
    () => undefined,
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    },
  );
}

describe('@google/genai', () => {
  it('echo: exact text over several chunks, STOP and usage on the last', async () => {
    const message = 'Hello Gemini,\n\n- one\n- two';
    const result = await collect(
      await genai.models.generateContentStream({ model: 'echo', contents: message }),
    );
    expect(result.text).toBe(message);
    expect(result.chunks.length).toBeGreaterThan(3);
    expect(result.last?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(result.last?.usageMetadata).toMatchObject({
      promptTokenCount: countTokens(message),
      candidatesTokenCount: countTokens(message),
      totalTokenCount: 2 * countTokens(message),
    });
  });

  it('thinking: thought parts only with includeThoughts; thoughtsTokenCount either way', async () => {
    const withThoughts = await collect(
      await genai.models.generateContentStream({
        model: 'thinking',
        contents: 'Why?',
        config: { thinkingConfig: { includeThoughts: true } },
      }),
    );
    expect(withThoughts.thoughts).toBe(THINKING_REASONING);
    expect(withThoughts.text).toBe(`${THINKING_PREFIX}Why?`);
    expect(withThoughts.last?.usageMetadata?.thoughtsTokenCount).toBe(countTokens(THINKING_REASONING));
    const hidden = await collect(
      await genai.models.generateContentStream({ model: 'thinking', contents: 'Why?' }),
    );
    expect(hidden.thoughts).toBe('');
    expect(hidden.text).toBe(`${THINKING_PREFIX}Why?`);
    expect(hidden.last?.usageMetadata?.thoughtsTokenCount).toBe(countTokens(THINKING_REASONING));
  });

  it('tools: one whole functionCall part; then the functionResponse is quoted', async () => {
    const result = await collect(
      await genai.models.generateContentStream({ model: 'tools', contents: 'Weather in Cape Town?' }),
    );
    expect(result.calls).toEqual([{ name: 'get_weather', args: { location: 'Cape Town', unit: 'celsius' } }]);
    const answer = await genai.models.generateContent({
      model: 'tools',
      contents: [
        { role: 'user', parts: [{ text: 'Weather in Cape Town?' }] },
        { role: 'model', parts: [{ functionCall: result.calls[0] }] },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'get_weather', response: { output: 'Windy, 16°C' } } }],
        },
      ],
    });
    expect(answer.text).toBe(`${TOOL_ANSWER_PREFIX}Windy, 16°C`);
  });

  it('generateContent with maxOutputTokens: MAX_TOKENS', async () => {
    const answer = await genai.models.generateContent({
      model: 'echo',
      contents: 'one two three',
      config: { maxOutputTokens: 2, systemInstruction: 'Be brief.' },
    });
    expect(answer.text).toBe('one two ');
    expect(answer.candidates?.[0]?.finishReason).toBe('MAX_TOKENS');
    expect(answer.usageMetadata?.promptTokenCount).toBe(
      countTokens('Be brief.') + countTokens('one two three'),
    );
  });

  it('errors: Google statuses, for the header key and the ?key= parameter', async () => {
    const stream = (model: string, client = genai) =>
      failure(client.models.generateContentStream({ model, contents: 'x' }).then(collect));
    expect((await stream('error-401'))?.status).toBe(401);
    expect((await stream('error-429'))?.status).toBe(429);
    expect((await stream('error-500'))?.status).toBe(500);
    expect((await stream('no-such-model'))?.status).toBe(404);
    expect((await stream('echo', genaiClient('sk-invalid')))?.status).toBe(401);

    const byQuery = await fetch(`${sim.url}/v1beta/models/echo:generateContent?key=sk-invalid`, {
      method: 'POST',
      body: JSON.stringify({ contents: [{ parts: [{ text: 'x' }] }] }),
    });
    expect(byQuery.status).toBe(401);
    expect(await byQuery.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
    const limited = await fetch(`${sim.url}/v1beta/models/error-429:generateContent`, {
      method: 'POST',
      body: JSON.stringify({ contents: [{ parts: [{ text: 'x' }] }] }),
    });
    expect(await limited.json()).toMatchObject({
      error: { status: 'RESOURCE_EXHAUSTED', details: [{ retryDelay: '2s' }] },
    });
  });

  it('disconnect: the stream throws after the first text', async () => {
    let text = '';
    const consume = async () => {
      const stream = await genai.models.generateContentStream({ model: 'disconnect', contents: 'x' });
      for await (const chunk of stream) text += chunk.text ?? '';
    };
    await expect(consume()).rejects.toThrow();
    expect(text).toMatch(/^This answer/);
    await vi.waitFor(() => expect(sim.stats().activeStreams).toBe(0));
  });

  it('lists the models in Google format', async () => {
    const names: string[] = [];
    for await (const model of await genai.models.list()) names.push(model.name ?? '');
    expect(names).toEqual(SIM_MODELS.map((name) => `models/${name}`));
    expect((await genai.models.get({ model: 'thinking' })).name).toBe('models/thinking');
  });
});

describeAiSdkBehaviours('google', {
  model: (behaviour) => createGoogleGenerativeAI({ baseURL: `${sim.url}/v1beta`, apiKey: 'x' })(behaviour),
  badKeyModel: () => createGoogleGenerativeAI({ baseURL: `${sim.url}/v1beta`, apiKey: 'sk-invalid' })('echo'),
  thinkingOptions: { google: { thinkingConfig: { includeThoughts: true } } },
});

describeAiSdkToolScripts('google', (behaviour) =>
  createGoogleGenerativeAI({ baseURL: `${sim.url}/v1beta`, apiKey: 'x' })(behaviour),
);
