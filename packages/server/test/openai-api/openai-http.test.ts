// The OpenAI-compatible API over plain HTTP, as curl sends it: the stream's exact wire format,
// JSON (never the web app's page) for every /v1/ path, no browser check, and bad input of every
// kind — malformed and huge bodies, wrong types, forged keys — answered with a 4xx in OpenAI's
// error shape, never a 500. API calls are saved only with X-Parley-Save; each key counts its
// usage; balances, message limits and bans apply as in the chat.
import { API_KEY_PREFIX, type ApiKeyInfo } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceTransactions, conversations } from '../../src/db/schema/index.ts';
import { API_CONTENT_SECURITY_POLICY } from '../../src/http/security-headers.ts';
import { messagesOf, SIM_ENDPOINT, startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import { createApiKey, v1 } from './api-key-client.ts';

const chat = (text: string, extra: Record<string, unknown> = {}) => ({
  model: `${SIM_ENDPOINT}/echo`,
  messages: [{ role: 'user', content: text }],
  ...extra,
});

/** A chunk as it is on the wire. */
interface WireChunk {
  id: string;
  choices: { delta: { role?: string; content?: string }; finish_reason: string | null }[];
  usage?: { total_tokens: number };
}

/** The `data:` payloads of an OpenAI stream, in order. */
function dataLines(body: string): string[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice(6));
}

async function expectOpenAiError(res: Response, status: number, type?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  const body = (await res.json()) as { error: { message: string; type: string; code: string | null } };
  expect(body.error.message.length).toBeGreaterThan(0);
  if (type) expect(body.error.type).toBe(type);
  return body.error;
}

describe('the /v1/ API over plain HTTP', () => {
  let f: ChatFixture;
  let key: string;
  let keyId: string;
  beforeAll(async () => {
    // The browser check is on: it must not apply to /v1/.
    f = await startChatFixture({ env: { NON_BROWSER_VIOLATION_SCORE: '1' } });
    ({ key, id: keyId } = await createApiKey(f.server, f.alice));
  });
  afterAll(() => f.stop());

  it('streams data: lines of chunks and ends with [DONE], from a client that is no browser', async () => {
    const res = await v1(f.server, key, '/chat/completions', {
      method: 'POST',
      json: chat('wire format', { stream: true, stream_options: { include_usage: true } }),
      headers: { 'user-agent': 'curl/8.5.0' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const lines = dataLines(await res.text());
    expect(lines.at(-1)).toBe('[DONE]');
    const chunks = lines.slice(0, -1).map((l) => JSON.parse(l) as WireChunk);
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('wire format');
    const usage = chunks.at(-1)!;
    expect(usage.choices).toEqual([]);
    expect(usage.usage!.total_tokens).toBeGreaterThan(0);
    expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe('stop');
    // The web app's chat refuses the same client under the browser check.
    const web = await f.server.api(`/api/agents/chat/${SIM_ENDPOINT}`, {
      method: 'POST',
      token: f.alice.token,
      headers: { 'user-agent': 'curl/8.5.0' },
      json: {
        text: 'x',
        parentMessageId: '00000000-0000-0000-0000-000000000000',
        model: 'echo',
        endpoint: SIM_ENDPOINT,
      },
    });
    expect(web.status).toBe(403);
  });

  it('answers JSON with the API policy on every /v1/ path, known or not', async () => {
    const models = await v1(f.server, key, '/models');
    expect(models.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
    expect(models.headers.get('access-control-allow-origin')).toBeNull();
    await expectOpenAiError(await v1(f.server, key, '/nothing/here'), 404, 'not_found_error');
    await expectOpenAiError(await v1(f.server, key, '/responses', { method: 'POST', json: {} }), 404);
    await expectOpenAiError(await v1(f.server, key, '/models/Sim/none'), 404);
    // Without a key, an unknown path asks for one first; never the web app's page.
    for (const path of ['/v1', '/v1/', '/v1/chat']) {
      const bare = await f.server.api(path);
      expect([401, 404]).toContain(bare.status);
      expect(bare.headers.get('content-type')).toContain('application/json');
    }
  });

  it('refuses malformed, wrongly typed and huge bodies with a 4xx', async () => {
    const post = (body: string, type = 'application/json') =>
      v1(f.server, key, '/chat/completions', { method: 'POST', body, headers: { 'content-type': type } });
    await expectOpenAiError(await post('{"model":'), 400);
    await expectOpenAiError(await post(''), 400);
    await expectOpenAiError(await post('[1,2]'), 400);
    await expectOpenAiError(await post('model=x', 'application/x-www-form-urlencoded'), 415);
    const bad: unknown[] = [
      {},
      { model: 'Sim/echo' },
      { model: 'Sim/echo', messages: [] },
      { model: 'Sim/echo', messages: 'hi' },
      { model: 5, messages: [{ role: 'user', content: 'x' }] },
      { model: 'Sim/echo', messages: [{ role: 'wizard', content: 'x' }] },
      { model: 'Sim/echo', messages: [{ role: 'user', content: 42 }] },
      { model: 'Sim/echo', messages: [{ role: 'user', content: [{ type: 'audio', data: 'x' }] }] },
      { model: 'Sim/echo', messages: [{ role: 'tool', content: 'x' }] },
      chat('x', { stream: 'yes' }),
      chat('x', { n: 2 }),
      chat('x', { temperature: '0.5' }),
      chat('x', { max_tokens: -1 }),
      chat('x', { stop: ['a', 'b', 'c', 'd', 'e'] }),
      chat('x', { tools: [{ type: 'function', function: { name: 'bad name!' } }] }),
      chat('x', { tool_choice: 'sometimes' }),
      {
        model: 'Sim/echo',
        messages: [
          { role: 'user', content: [{ type: 'image_url', image_url: { url: 'file:///etc/passwd' } }] },
        ],
      },
      {
        model: 'Sim/echo',
        messages: [
          {
            role: 'user',
            content: [{ type: 'image_url', image_url: { url: 'data:text/html;base64,PGI+' } }],
          },
        ],
      },
      // The server's own network is never fetched for a picture (the guarded client refuses it).
      {
        model: 'Sim/echo',
        messages: [
          { role: 'user', content: [{ type: 'image_url', image_url: { url: `${f.sim.url}/v1/models` } }] },
        ],
      },
      { model: 'no-slash', messages: [{ role: 'user', content: 'x' }] },
    ];
    for (const json of bad) {
      const res = await v1(f.server, key, '/chat/completions', { method: 'POST', json });
      expect(res.status, JSON.stringify(json).slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(json).slice(0, 200)).toBeLessThan(500);
      const { error } = (await res.json()) as { error: { type: string } };
      expect(error.type).toMatch(/invalid_request_error|not_found_error/);
    }
    const huge = JSON.stringify(chat('x'.repeat(33 * 1024 * 1024)));
    await expectOpenAiError(await post(huge), 413);
    const manyMessages = {
      model: 'Sim/echo',
      messages: Array.from({ length: 2001 }, () => ({ role: 'user', content: 'x' })),
    };
    await expectOpenAiError(
      await v1(f.server, key, '/chat/completions', { method: 'POST', json: manyMessages }),
      400,
    );
    // The server is still well.
    expect(
      (await v1(f.server, key, '/chat/completions', { method: 'POST', json: chat('still here') })).status,
    ).toBe(200);
  });

  it('refuses forged and malformed keys alike, without telling which part was wrong', async () => {
    const realId = keyId;
    const forged = [
      `${API_KEY_PREFIX}${realId}_${'A'.repeat(43)}`,
      `${API_KEY_PREFIX}${'0'.repeat(16)}_${'A'.repeat(43)}`,
      `${key}A`,
      key.slice(0, -1),
      key.toUpperCase(),
      'sk-proj-1234',
      `${API_KEY_PREFIX}${realId}_' OR '1'='1`,
      'x'.repeat(10_000),
    ];
    const answers = new Set<string>();
    for (const k of forged) {
      const res = await v1(f.server, k, '/models');
      expect(res.status, k.slice(0, 40)).toBe(401);
      answers.add(JSON.stringify(await res.json()));
    }
    expect(answers.size).toBe(1);
    await expectOpenAiError(await f.server.api('/v1/models'), 401, 'authentication_error');
    await expectOpenAiError(
      await f.server.api('/v1/models', { headers: { authorization: `Basic ${key}` } }),
      401,
    );
  });

  it('saves nothing by default, and the exchange as a sidebar conversation with X-Parley-Save', async () => {
    const count = async () =>
      (await f.server.ctx.db.select().from(conversations).where(eq(conversations.userId, f.alice.id))).length;
    const before = await count();
    expect(
      (await v1(f.server, key, '/chat/completions', { method: 'POST', json: chat('not kept') })).status,
    ).toBe(200);
    expect(await count()).toBe(before);
    const saved = await v1(f.server, key, '/chat/completions', {
      method: 'POST',
      headers: { 'X-Parley-Save': 'true' },
      json: {
        model: 'Sim/echo',
        messages: [
          { role: 'system', content: 'hidden' },
          { role: 'user', content: 'first question' },
          { role: 'assistant', content: 'first answer' },
          { role: 'user', content: 'keep this one' },
        ],
        stream: true,
      },
    });
    expect(saved.status).toBe(200);
    await saved.text();
    const conversationId = saved.headers.get('x-parley-conversation-id')!;
    expect(conversationId).toBeTruthy();
    const list = await f.server.api('/api/convos', { token: f.alice.token });
    const listed = (await list.json()) as { conversations: { conversationId: string; title: string }[] };
    expect(listed.conversations.find((c) => c.conversationId === conversationId)?.title).toBe(
      'keep this one',
    );
    const rows = await messagesOf(f.server.ctx.db, conversationId);
    expect(rows.map((m) => [m.isCreatedByUser, m.text])).toEqual([
      [true, 'first question'],
      [false, 'first answer'],
      [true, 'keep this one'],
      [false, 'keep this one'],
    ]);
    expect(rows.map((m) => m.parentMessageId).slice(1)).toEqual(rows.slice(0, -1).map((m) => m.messageId));
    expect(await count()).toBe(before + 1);
  });

  it('counts each call and its tokens on the key', async () => {
    const { key: counted, id } = await createApiKey(f.server, f.alice, { name: 'counted' });
    for (const text of ['one', 'two three']) {
      expect(
        (await v1(f.server, counted, '/chat/completions', { method: 'POST', json: chat(text) })).status,
      ).toBe(200);
    }
    const keys = (await (
      await f.server.api('/api/api-keys', { token: f.alice.token })
    ).json()) as ApiKeyInfo[];
    const info = keys.find((k) => k.id === id)!;
    expect(info.usage.requests).toBe(2);
    expect(info.usage.completionTokens).toBeGreaterThan(0);
    expect(info.usage.promptTokens).toBeGreaterThan(0);
    expect(info.lastUsedAt).not.toBeNull();
  });

  it("applies the owner's ban and the address's", async () => {
    const { key: banned } = await createApiKey(f.server, f.bob);
    await f.server.ctx.bus.set(`ban:user:${f.bob.id}`, String(Date.now() + 60_000), 60_000);
    try {
      const res = await v1(f.server, banned, '/chat/completions', { method: 'POST', json: chat('x') });
      await expectOpenAiError(res, 403, 'permission_error');
    } finally {
      await f.server.ctx.bans.lift(`user:${f.bob.id}`);
    }
    // A banned address is refused on /v1/ as on /api/, in OpenAI's shape.
    await f.server.ctx.bus.set('ban:ip:127.0.0.1', String(Date.now() + 60_000), 60_000);
    try {
      await expectOpenAiError(await v1(f.server, banned, '/models'), 403, 'permission_error');
    } finally {
      await f.server.ctx.bans.lift('ip:127.0.0.1');
    }
    expect((await v1(f.server, banned, '/models')).status).toBe(200);
  });
});

describe('/v1/ under balances and message limits, with embeddings configured', () => {
  let f: ChatFixture;
  beforeAll(async () => {
    f = await startChatFixture({
      env: {
        LIMIT_MESSAGE_USER: 'true',
        MESSAGE_USER_MAX: '3',
        MESSAGE_USER_WINDOW: '1',
        EMBEDDINGS_URL: 'SIM_URL/v1',
        EMBEDDINGS_MODEL: 'sim-embed',
        EMBEDDINGS_DIMENSIONS: '256',
      },
      extraYaml: `balance:
  enabled: true
  startBalance: 5000
  reserveCompletionTokens: 50
  prices:
    echo: { prompt: 1, completion: 2 }
`,
    });
  });
  afterAll(() => f.stop());

  it('charges the balance, records the key on each transaction, and refuses what it cannot pay', async () => {
    const { key, id } = await createApiKey(f.server, f.alice);
    const res = await v1(f.server, key, '/chat/completions', { method: 'POST', json: chat('paid for') });
    expect(res.status).toBe(200);
    const rows = await f.server.ctx.db
      .select()
      .from(balanceTransactions)
      .where(eq(balanceTransactions.userId, f.alice.id));
    expect(rows.map((r) => r.tokenType).sort()).toEqual(['completion', 'prompt']);
    expect(rows.every((r) => r.apiKeyId === id && r.conversationId === null)).toBe(true);
    const expensive = await v1(f.server, key, '/chat/completions', {
      method: 'POST',
      json: chat('y'.repeat(30_000)),
    });
    const error = await expectOpenAiError(expensive, 402, 'insufficient_quota');
    expect(error.message).toContain('Insufficient Funds');
  });

  it('counts API messages towards the message limit', async () => {
    const { key } = await createApiKey(f.server, f.bob);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await v1(f.server, key, '/chat/completions', { method: 'POST', json: chat(`m${i}`) });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        await expectOpenAiError(res, 429, 'rate_limit_error');
      } else await res.text();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('answers embeddings with the configured model, in floats or base64', async () => {
    const { key } = await createApiKey(f.server, f.alice);
    if (!f.server.ctx.fileEmbeddings) {
      // A PostgreSQL without pgvector: embeddings stay off, and /v1/ has no embeddings model.
      const off = await v1(f.server, key, '/embeddings', {
        method: 'POST',
        json: { model: 'sim-embed', input: 'x' },
      });
      expect((await expectOpenAiError(off, 404)).code).toBe('model_not_found');
      return;
    }
    const models = (await (await v1(f.server, key, '/models')).json()) as { data: { id: string }[] };
    expect(models.data.map((m) => m.id)).toContain('sim-embed');
    const res = await v1(f.server, key, '/embeddings', {
      method: 'POST',
      json: { model: 'sim-embed', input: ['a cat', 'a dog'] },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { index: number; embedding: number[] }[];
      usage: { prompt_tokens: number };
    };
    expect(body.data.map((d) => [d.index, d.embedding.length])).toEqual([
      [0, 256],
      [1, 256],
    ]);
    expect(body.usage.prompt_tokens).toBeGreaterThan(0);
    const b64 = await v1(f.server, key, '/embeddings', {
      method: 'POST',
      json: { model: 'sim-embed', input: 'a cat', encoding_format: 'base64' },
    });
    const packed = ((await b64.json()) as { data: { embedding: string }[] }).data[0]!.embedding;
    const floats = new Float32Array(new Uint8Array(Buffer.from(packed, 'base64')).buffer);
    expect(floats.length).toBe(256);
    expect(floats[0]).toBeCloseTo(body.data[0]!.embedding[0]!, 5);
    await expectOpenAiError(
      await v1(f.server, key, '/embeddings', { method: 'POST', json: { model: 'other', input: 'x' } }),
      404,
    );
    await expectOpenAiError(
      await v1(f.server, key, '/embeddings', { method: 'POST', json: { model: 'sim-embed', input: [] } }),
      400,
    );
    await expectOpenAiError(
      await v1(f.server, key, '/embeddings', {
        method: 'POST',
        json: { model: 'sim-embed', input: [[1, 2]] },
      }),
      400,
    );
  });
});
