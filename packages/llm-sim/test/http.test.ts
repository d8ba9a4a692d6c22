// The HTTP surface itself: pacing, overrides, aborts, validation, auth, mounting and load.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimHandler, SIM_MODELS, startSimulator, type SimServer } from '../src/index.ts';
import { SLOW_CODE_ANSWER } from '../src/behaviours/slow-code.ts';
import { collectOpenAI, openAIClient, user } from './openai-collect.ts';

let sim: SimServer;

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const TWENTY_TOKENS = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');

function post(body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> {
  return fetch(`${sim.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
}

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('pacing', () => {
  it('emits a 20-token answer at 100 tokens/s in roughly 200 ms', async () => {
    const client = openAIClient(`${sim.url}/v1`);
    const result = await collectOpenAI(
      client,
      { model: 'echo', messages: user(TWENTY_TOKENS) },
      {
        'x-sim-tokens-per-second': '100',
      },
    );
    expect(result.text).toBe(TWENTY_TOKENS);
    expect(result.totalMs).toBeGreaterThanOrEqual(150);
    expect(result.totalMs).toBeLessThan(2000);
  });

  it('waits the first-token delay before the first delta', async () => {
    const client = openAIClient(`${sim.url}/v1`);
    const result = await collectOpenAI(client, {
      model: 'echo',
      messages: user('quick'),
      sim: { firstTokenDelayMs: 300 },
    });
    expect(result.firstDeltaMs).toBeGreaterThanOrEqual(280);
    expect(result.totalMs).toBeLessThan(2000);
  });

  it('lets body fields win over headers', async () => {
    const client = openAIClient(`${sim.url}/v1`);
    // At the header's 5 tokens/s this would take 4 s.
    const result = await collectOpenAI(
      client,
      { model: 'echo', messages: user(TWENTY_TOKENS), sim: { tokensPerSecond: 10_000 } },
      { 'x-sim-tokens-per-second': '5' },
    );
    expect(result.totalMs).toBeLessThan(1000);
  });

  it('runs slow at 20 tokens/s by default', async () => {
    const controller = new AbortController();
    const client = openAIClient(`${sim.url}/v1`);
    const stream = await client.chat.completions.create(
      { model: 'slow', messages: user('go'), stream: true },
      { signal: controller.signal },
    );
    const times: number[] = [];
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) times.push(performance.now());
      if (times.length === 6) break;
    }
    // Five intervals of 50 ms; generous bounds for busy machines.
    expect(times[5]! - times[0]!).toBeGreaterThanOrEqual(200);
    expect(times[5]! - times[0]!).toBeLessThan(1500);
  });
});

describe('slow-code', () => {
  it('writes its code block over seconds, a line at a time, and ends with the whole answer', async () => {
    const client = openAIClient(`${sim.url}/v1`);
    const stream = await client.chat.completions.create({
      model: 'slow-code',
      messages: user('go'),
      stream: true,
    });
    let text = '';
    const openedAt: number[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      // When the fence opened, and when the block's last line arrived.
      if (openedAt.length === 0 && text.includes('```typescript')) openedAt.push(performance.now());
      if (openedAt.length === 1 && text.includes('console.log')) openedAt.push(performance.now());
    }
    expect(text).toBe(SLOW_CODE_ANSWER);
    // A dozen lines at 20 tokens/s take seconds: a client sees the block half written.
    expect(openedAt[1]! - openedAt[0]!).toBeGreaterThan(1000);
  });
});

describe('client disconnects', () => {
  it('stops the generation when the client aborts, and activeStreams drops back to 0', async () => {
    const controller = new AbortController();
    const response = await post({ model: 'slow', stream: true, messages: user('go') }, {}, controller.signal);
    const reader = response.body!.getReader();
    await reader.read();
    expect(sim.stats().activeStreams).toBe(1);
    controller.abort();
    await waitFor(() => sim.stats().activeStreams === 0);
  });

  it('also for a non-streamed request abandoned while it is being generated', async () => {
    const controller = new AbortController();
    const pending = post({ model: 'slow', messages: user('go') }, {}, controller.signal).catch(
      () => undefined,
    );
    await waitFor(() => sim.stats().activeStreams === 1);
    controller.abort();
    await pending;
    await waitFor(() => sim.stats().activeStreams === 0);
  });
});

describe('validation and errors', () => {
  it('answers 400 in the OpenAI error format for bad bodies', async () => {
    const cases: [unknown, string | null][] = [
      ['{not json', null],
      [[1, 2], null],
      [{ messages: user('x') }, 'model'],
      [{ model: 'echo' }, 'messages'],
      [{ model: 'echo', messages: 'hi' }, 'messages'],
      [{ model: 'echo', messages: [{ content: 'no role' }] }, 'messages[0].role'],
      [{ model: 'echo', messages: user('x'), max_tokens: -1 }, 'max_tokens'],
    ];
    for (const [body, param] of cases) {
      const response = await post(body);
      expect(response.status).toBe(400);
      const json = (await response.json()) as { error: Record<string, unknown> };
      expect(json.error).toMatchObject({ type: 'invalid_request_error', param, code: null });
      expect(typeof json.error.message).toBe('string');
    }
  });

  it('answers 404 for unknown models and unknown paths', async () => {
    const model = await post({ model: 'nope', messages: user('x') });
    expect(model.status).toBe(404);
    expect(await model.json()).toMatchObject({ error: { code: 'model_not_found', param: 'model' } });
    const path = await fetch(`${sim.url}/v1/no-such-endpoint`, { method: 'POST', body: '{}' });
    expect(path.status).toBe(404);
  });

  it('accepts requests without Authorization, refuses the sk-invalid key', async () => {
    expect((await post({ model: 'echo', messages: user('x') })).status).toBe(200);
    const refused = await post(
      { model: 'echo', messages: user('x') },
      { authorization: 'Bearer sk-invalid' },
    );
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: {
        message: 'Incorrect API key provided',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
  });

  it('ends a stream with [DONE] and sends SSE headers', async () => {
    const response = await post({ model: 'echo', stream: true, messages: user('hi') });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const lines = (await response.text()).split('\n').filter((line) => line.startsWith('data: '));
    expect(lines.at(-1)).toBe('data: [DONE]');
    const first = JSON.parse(lines[0]!.slice(6)) as Record<string, unknown>;
    expect(first).toMatchObject({ object: 'chat.completion.chunk', model: 'echo' });
    expect(typeof first.created).toBe('number');
  });
});

describe('models', () => {
  it('lists every model in the OpenAI list format', async () => {
    const response = await fetch(`${sim.url}/v1/models`);
    const body = (await response.json()) as { object: string; data: { id: string; object: string }[] };
    expect(body.object).toBe('list');
    expect(body.data.map((entry) => entry.id)).toEqual([...SIM_MODELS]);
    for (const name of [
      'echo',
      'showcase',
      'thinking',
      'slow',
      'tools',
      'title',
      'gpt-4o-mini',
      'disconnect',
    ]) {
      expect(SIM_MODELS).toContain(name);
    }
  });
});

describe('mounting and load', () => {
  it('createSimHandler works under a prefix in another server', async () => {
    const handler = createSimHandler({ tokensPerSecond: 1000 });
    const host = createServer((req, res) => {
      if (req.url?.startsWith('/sim/')) handler(req, res);
      else res.writeHead(418).end();
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const { port } = host.address() as AddressInfo;
    try {
      const client = openAIClient(`http://127.0.0.1:${port}/sim/v1`);
      const result = await collectOpenAI(client, { model: 'echo', messages: user('mounted') });
      expect(result.text).toBe('mounted');
      expect(handler.stats()).toEqual({ activeStreams: 0, totalRequests: 1 });
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  });

  it('serves 500 concurrent streams and leaves nothing running', async () => {
    const before = sim.stats().totalRequests;
    const texts = await Promise.all(
      Array.from({ length: 500 }, async (_, i) => {
        const response = await post(
          { model: 'echo', stream: true, messages: user(`stream ${i} says hello`) },
          {
            'x-sim-tokens-per-second': '50',
          },
        );
        return (await response.text())
          .split('\n')
          .filter((line) => line.startsWith('data: {'))
          .map(
            (line) =>
              (JSON.parse(line.slice(6)) as { choices: { delta: { content?: string } }[] }).choices[0],
          )
          .map((choice) => choice?.delta.content ?? '')
          .join('');
      }),
    );
    texts.forEach((text, i) => expect(text).toBe(`stream ${i} says hello`));
    expect(sim.stats().totalRequests - before).toBe(500);
    await waitFor(() => sim.stats().activeStreams === 0);
  });

  it('close() ends open streams', async () => {
    const own = await startSimulator();
    const response = await fetch(`${own.url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'slow', stream: true, messages: user('go') }),
    });
    const reader = response.body!.getReader();
    await reader.read();
    await own.close();
    expect(own.stats().activeStreams).toBe(0);
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
    ).rejects.toThrow();
  });
});
