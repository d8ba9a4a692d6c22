import { sql } from 'drizzle-orm';
import { NO_PARENT } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_ENDPOINT, startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf, jsonOf } from '../chat/sse-client.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { createApiKey, v1 } from '../openai-api/api-key-client.ts';

const today = new Date().toISOString().slice(0, 10);

describe('administrators: usage, prices and budgets API', () => {
  let chat: ChatFixture;
  let admin: TestUser;
  const call = async (user: TestUser, method: string, path: string, json?: unknown) => {
    const res = await chat.server.api(path, { method, token: user.token, ...(json ? { json } : {}) });
    return { status: res.status, body: await jsonOf(res).catch(() => null) };
  };
  /** A chat request in a new conversation, answered whole (SSE body, or the refusal's JSON). */
  const post = (user: TestUser, text: string) =>
    chat.server.api(`/api/agents/chat/${SIM_ENDPOINT}`, {
      method: 'POST',
      token: user.token,
      json: { text, model: 'echo', endpoint: SIM_ENDPOINT, conversationId: null, parentMessageId: NO_PARENT },
    });

  beforeAll(async () => {
    chat = await startChatFixture();
    admin = await createTestUser(chat.server, { role: 'ADMIN', name: 'Admin' });
  }, 180_000);
  afterAll(() => chat.stop());

  const routes: [string, string, unknown?][] = [
    ['GET', `/api/admin/usage?from=${today}&to=${today}`],
    ['GET', '/api/admin/prices'],
    ['PUT', '/api/admin/prices/echo', { prompt: 1, completion: 1 }],
    ['DELETE', '/api/admin/prices/echo'],
    ['GET', '/api/admin/budgets'],
    ['GET', '/api/admin/budgets/default'],
    ['PUT', '/api/admin/budgets/default', { unit: 'tokens', period: 'day', hardLimit: 10 }],
    ['GET', '/api/admin/budgets/user/someone'],
    ['PUT', '/api/admin/budgets/user/someone', { unit: 'tokens', period: 'day', hardLimit: 10 }],
    ['DELETE', '/api/admin/budgets/user/someone'],
  ];

  it('every route answers 401 without a session and 403 to a user', async () => {
    for (const [method, path, json] of routes) {
      expect((await chat.server.api(path, { method, ...(json ? { json } : {}) })).status, path).toBe(401);
      expect((await call(chat.bob, method, path, json)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('reports usage by user, model and endpoint, per day, week and month; by group is empty with a note', async () => {
    const events = await (await chat.send({ text: 'count me' })).rest();
    expect(finalOf(events)).toBeDefined();
    const base = `/api/admin/usage?from=${today}&to=${today}`;
    const byUser = await call(admin, 'GET', `${base}&groupBy=user`);
    expect(byUser.status).toBe(200);
    const alice = byUser.body.rows.find((r: { key: string }) => r.key === chat.alice.id);
    expect(alice).toMatchObject({ label: expect.stringContaining('@'), messages: expect.any(Number) });
    expect(alice.promptTokens).toBeGreaterThan(0);
    expect(alice.bucket).toBeUndefined();
    for (const interval of ['day', 'week', 'month']) {
      const res = await call(admin, 'GET', `${base}&groupBy=model&interval=${interval}`);
      expect(res.status).toBe(200);
      expect(res.body.rows.find((r: { key: string }) => r.key === 'echo')).toMatchObject({
        bucket: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
    }
    const byEndpoint = await call(admin, 'GET', `${base}&groupBy=endpoint&userId=${chat.alice.id}`);
    expect(byEndpoint.body.rows.map((r: { key: string }) => r.key)).toContain(SIM_ENDPOINT);
    const otherUser = await call(admin, 'GET', `${base}&groupBy=endpoint&userId=no-such-user`);
    expect(otherUser.body.rows).toEqual([]);
    const byGroup = await call(admin, 'GET', `${base}&groupBy=group`);
    expect(byGroup.body).toMatchObject({ rows: [], note: expect.stringContaining('Groups') });
  });

  it('refuses bad usage queries with 400', async () => {
    for (const query of [
      '',
      `from=${today}`,
      `from=yesterday&to=${today}`,
      `from=2026-02-30&to=${today}`,
      `from=${today}&to=2020-01-01`,
      `from=2020-01-01&to=2026-01-01`,
      `from=${today}&to=${today}&groupBy=planet`,
      `from=${today}&to=${today}&interval=year`,
      `from=${today}&to=${today}&userId=${'x'.repeat(500)}`,
      `from=${today}&to=${today}&userId=a%27%20or%201=1`,
      `from=${today}&to=${today}&extra=1`,
    ]) {
      const res = await call(admin, 'GET', `/api/admin/usage?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toEqual(expect.any(String));
    }
  });

  it('sets, lists and removes console prices over the configured ones', async () => {
    expect(
      (await call(admin, 'PUT', '/api/admin/prices/echo', { prompt: 'cheap', completion: 1 })).status,
    ).toBe(400);
    expect((await call(admin, 'PUT', '/api/admin/prices/echo', { prompt: -1, completion: 1 })).status).toBe(
      400,
    );
    expect(
      (await call(admin, 'PUT', '/api/admin/prices/bad%20model', { prompt: 1, completion: 1 })).status,
    ).toBe(400);
    const set = await call(admin, 'PUT', '/api/admin/prices/echo', { prompt: 3, completion: 4 });
    expect(set).toMatchObject({
      status: 200,
      body: { model: 'echo', source: 'console', prompt: 3, completion: 4 },
    });
    const list = await call(admin, 'GET', '/api/admin/prices');
    expect(list.body.prices.find((p: { model: string }) => p.model === 'echo')).toMatchObject({
      source: 'console',
    });
    expect(list.body.prices.find((p: { model: string }) => p.model === 'gpt-4o')).toMatchObject({
      source: 'built-in',
    });
    expect((await call(admin, 'DELETE', '/api/admin/prices/echo')).status).toBe(200);
    expect((await call(admin, 'DELETE', '/api/admin/prices/echo')).status).toBe(404);
  });

  it('validates budgets and their targets', async () => {
    const budget = { unit: 'tokens', period: 'day', hardLimit: 100 };
    expect((await call(admin, 'PUT', `/api/admin/budgets/user/no-such-user`, budget)).status).toBe(404);
    expect((await call(admin, 'PUT', `/api/admin/budgets/group/g1`, budget)).status).toBe(404);
    expect((await call(admin, 'PUT', `/api/admin/budgets/planet/x`, budget)).status).toBe(400);
    expect((await call(admin, 'GET', `/api/admin/budgets/user/${'x'.repeat(300)}`)).status).toBe(400);
    for (const bad of [
      { ...budget, unit: 'euros' },
      { ...budget, period: 'year' },
      { ...budget, hardLimit: -5 },
      { ...budget, hardLimit: '100' },
      { ...budget, softPercent: 150 },
      { ...budget, extra: true },
    ])
      expect((await call(admin, 'PUT', `/api/admin/budgets/user/${chat.bob.id}`, bad)).status).toBe(400);
    expect((await call(admin, 'GET', `/api/admin/budgets/user/${chat.bob.id}`)).status).toBe(404);
    expect((await call(admin, 'DELETE', `/api/admin/budgets/user/${chat.bob.id}`)).status).toBe(404);
  });

  it("enforces a user's hard limit before the provider call, with budget_exceeded and the reset date", async () => {
    const user = await createTestUser(chat.server);
    const put = await call(admin, 'PUT', `/api/admin/budgets/user/${user.id}`, {
      unit: 'tokens',
      period: 'day',
      hardLimit: 1500,
    });
    expect(put).toMatchObject({ status: 200, body: { scope: 'user', scopeId: user.id, softPercent: 80 } });
    const listed = await call(admin, 'GET', '/api/admin/budgets');
    expect(listed.body.enforced).toBe(true);
    expect(listed.body.budgets.find((b: { scopeId: string }) => b.scopeId === user.id)).toMatchObject({
      label: user.email,
    });
    // Each answer holds its prompt and 1,000 reserved completion tokens: the first fits, and
    // once what was used plus the next hold passes 1,500 the request is refused before it is sent.
    const first = await post(user, 'within the budget');
    expect(first.status).toBe(200);
    await first.text();
    let second = await post(user, 'past the budget?');
    for (let i = 0; i < 10 && second.status === 200; i++) {
      await second.text();
      second = await post(user, 'past the budget?');
    }
    expect(second.status).toBe(402);
    const refusal = await jsonOf(second);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(refusal).toMatchObject({ code: 'budget_exceeded', type: 'budget_exceeded' });
    expect(refusal.message).toContain(tomorrow);
    // Removing the budget lets the user chat again.
    expect((await call(admin, 'DELETE', `/api/admin/budgets/user/${user.id}`)).status).toBe(200);
    const third = await post(user, 'no budget now');
    expect(third.status).toBe(200);
    await third.text();
  });

  it("enforces a personal API key's budget on /v1 only, in OpenAI's error shape", async () => {
    const user = await createTestUser(chat.server);
    const key = await createApiKey(chat.server, user);
    const put = await call(admin, 'PUT', `/api/admin/budgets/key/${key.id}`, {
      unit: 'tokens',
      period: 'day',
      hardLimit: 1100,
    });
    expect(put).toMatchObject({ status: 200, body: { scope: 'key', scopeId: key.id } });
    const complete = () =>
      v1(chat.server, key.key, '/chat/completions', {
        method: 'POST',
        json: { model: `${SIM_ENDPOINT}/echo`, messages: [{ role: 'user', content: 'count my tokens' }] },
      });
    // Each call holds its prompt and the 1,000 reserved completion tokens, and what it used stays
    // counted: once that plus the next hold passes the key's 1,100 tokens, the call is refused
    // before the provider is called.
    let res = await complete();
    for (let i = 0; i < 30 && res.status === 200; i++) {
      await res.text();
      res = await complete();
    }
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({ error: { code: 'budget_exceeded' } });
    // The budget is the key's: the same person chatting in the web app is not refused.
    const web = await post(user, 'the key budget is not mine');
    expect(web.status).toBe(200);
    await web.text();
    expect((await call(admin, 'DELETE', `/api/admin/budgets/key/${key.id}`)).status).toBe(200);
    const after = await complete();
    expect(after.status).toBe(200);
    await after.text();
  });

  it('applies the default budget to users without their own; their own wins', async () => {
    expect((await call(admin, 'GET', '/api/admin/budgets/default')).status).toBe(404);
    const set = await call(admin, 'PUT', '/api/admin/budgets/default', {
      unit: 'currency',
      period: 'month',
      hardLimit: 0.5,
    });
    expect(set).toMatchObject({ status: 200, body: { scope: 'default', unit: 'currency' } });
    expect((await call(admin, 'GET', '/api/admin/budgets/default')).body).toMatchObject({ hardLimit: 0.5 });
    const limited = await createTestUser(chat.server);
    const refused = await post(limited, 'the default refuses me');
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ code: 'budget_exceeded' });
    await call(admin, 'PUT', `/api/admin/budgets/user/${limited.id}`, {
      unit: 'tokens',
      period: 'week',
      hardLimit: 1_000_000,
    });
    const allowed = await post(limited, 'my own budget is larger');
    expect(allowed.status).toBe(200);
    await allowed.text();
    await call(admin, 'DELETE', `/api/admin/budgets/user/${limited.id}`);
    expect(
      (await call(admin, 'PUT', '/api/admin/budgets/default', { unit: 'tokens', period: 'day' })).status,
    ).toBe(400);
    const def = await chat.server.api('/api/admin/budgets/default', { method: 'DELETE', token: admin.token });
    expect(def.status).toBe(404);
    // Clean up: the default would refuse every later test's users.
    await chat.server.ctx.db.execute(sql`delete from budgets where scope = 'default'`);
  });

  it('lists every admin route in the OpenAPI document', async () => {
    const doc = await jsonOf(await chat.server.api('/api/docs/openapi.json'));
    for (const path of [
      '/api/admin/usage',
      '/api/admin/prices/{model}',
      '/api/admin/budgets/{scope}/{id}',
      '/api/admin/budgets/default',
    ])
      expect(Object.keys(doc.paths)).toContain(path);
  });
});
