import type { SavedToolCall, ToolEntry } from '@parley/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolCalls, toolCredentials } from '../../src/db/schema/index.ts';
import type { Tool } from '../../src/services/tools/tool.ts';
import { ToolCredentialStore } from '../../src/services/tool-credentials/tool-credential-store.ts';
import { agentBody } from '../agents/agent-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

/** A tool that needs a key, as web search or code execution will. */
const weather: Tool = {
  name: 'weather',
  description: 'Tells the weather',
  input: z.object({ city: z.string() }),
  authConfig: [
    { authField: 'WEATHER_API_KEY', label: 'Weather API key', description: 'From the weather service' },
  ],
  run: async ({ city }) => `Sunny in ${city}`,
};
/** A tool with two credentials, as web search asks for a search key and a reranker key. */
const lookup: Tool = {
  name: 'lookup',
  description: 'Looks things up',
  input: z.object({}),
  authConfig: [
    { authField: 'SEARCH_KEY', label: 'Search key', description: 'For searching' },
    { authField: 'RANK_KEY', label: 'Rank key', description: 'For ranking' },
  ],
  run: async () => 'found',
};
/** A tool that needs nothing. */
const clock: Tool = {
  name: 'clock',
  description: 'Tells the time',
  input: z.object({}),
  authConfig: [],
  run: async () => new Date().toISOString(),
};

describe('tools, tool credentials and saved tool calls', () => {
  let server: TestServer;
  let ann: TestUser;
  let bob: TestUser;
  const api = (user: TestUser, method: string, path: string, json?: unknown) =>
    server.api(path, { method, token: user.token, ...(json !== undefined ? { json } : {}) });
  const tools = async (user: TestUser, path = '/api/agents/tools') => {
    const res = await api(user, 'GET', path);
    expect(res.status).toBe(200);
    return (await res.json()) as ToolEntry[];
  };
  const install = (user: TestUser, auth: unknown, pluginKey = 'weather') =>
    api(user, 'POST', '/api/user/plugins', { pluginKey, action: 'install', auth, isEntityTool: true });

  beforeAll(async () => {
    server = await startTestServer();
    ann = await createTestUser(server);
    bob = await createTestUser(server);
  });
  afterAll(() => server.stop());

  it('lists the built-in tools alone while no other tool exists, on both paths', async () => {
    expect((await tools(ann)).map((t) => t.pluginKey)).toEqual(['ask_user', 'file_search', 'execute_code']);
    expect((await tools(ann, '/api/plugins')).map((t) => t.pluginKey)).toEqual([
      'ask_user',
      'file_search',
      'execute_code',
    ]);
    const res = await install(ann, { WEATHER_API_KEY: 'k' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Unknown tool: weather');
  });

  describe('with tools on the server', () => {
    beforeAll(() => {
      server.ctx.tools.add(weather);
      server.ctx.tools.add(clock);
      server.ctx.tools.add(lookup);
    });

    it("lists them with the tool entry fields and the caller's auth state", async () => {
      const listed = await tools(ann);
      const others = ['ask_user', 'file_search', 'execute_code', 'lookup'];
      expect(listed.filter((t) => !others.includes(t.name))).toEqual([
        {
          name: 'weather',
          pluginKey: 'weather',
          description: 'Tells the weather',
          authConfig: weather.authConfig,
          authenticated: false,
        },
        {
          name: 'clock',
          pluginKey: 'clock',
          description: 'Tells the time',
          authConfig: [],
          authenticated: true,
        },
      ]);
      expect(await tools(ann, '/api/plugins')).toEqual(listed);
    });

    it('stores credentials per user, encrypted, and removes them on uninstall', async () => {
      const res = await install(ann, { WEATHER_API_KEY: '  sk-weather-123  ' });
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await tools(ann)).find((t) => t.name === 'weather')?.authenticated).toBe(true);
      expect((await tools(bob)).find((t) => t.name === 'weather')?.authenticated).toBe(false);

      const [row] = await server.ctx.db
        .select()
        .from(toolCredentials)
        .where(and(eq(toolCredentials.userId, ann.id), eq(toolCredentials.pluginKey, 'weather')));
      expect(row!.value).not.toContain('sk-weather');
      const store = new ToolCredentialStore(server.ctx.db, server.ctx.config.secrets.credsKey);
      expect(await store.get(ann.id, 'weather')).toEqual({ WEATHER_API_KEY: 'sk-weather-123' });

      // A ciphertext copied into another user's row does not decrypt there.
      await server.ctx.db.insert(toolCredentials).values({ ...row!, userId: bob.id });
      await expect(store.get(bob.id, 'weather')).rejects.toThrow();
      await store.remove(bob.id, 'weather');

      const gone = await api(ann, 'POST', '/api/user/plugins', { pluginKey: 'weather', action: 'uninstall' });
      expect(gone.status).toBe(200);
      expect((await tools(ann)).find((t) => t.name === 'weather')?.authenticated).toBe(false);
      expect(await store.get(ann.id, 'weather')).toEqual({});
    });

    it('refuses credentials that do not fit the tool', async () => {
      const cases: [unknown, string][] = [
        [{}, 'auth.WEATHER_API_KEY'],
        [{ WEATHER_API_KEY: '   ' }, 'auth.WEATHER_API_KEY'],
        [{ WEATHER_API_KEY: 'k', OTHER: 'x' }, 'auth.OTHER'],
        [{ WEATHER_API_KEY: 5 }, 'auth.WEATHER_API_KEY'],
        [{ WEATHER_API_KEY: 'k'.repeat(10_001) }, 'auth.WEATHER_API_KEY'],
        ['a string', 'auth'],
      ];
      for (const [auth, path] of cases) {
        const res = await install(ann, auth);
        expect(res.status, JSON.stringify(auth)).toBe(400);
        const body = (await res.json()) as { issues?: { path: string }[] };
        expect(
          body.issues?.map((i) => i.path),
          JSON.stringify(auth),
        ).toContain(path);
      }
      expect((await install(ann, {}, 'clock')).status).toBe(400);
      for (const body of [
        { pluginKey: 'weather', action: 'delete' },
        { action: 'install' },
        { pluginKey: 'w'.repeat(201), action: 'install' },
      ]) {
        expect((await api(ann, 'POST', '/api/user/plugins', body)).status, JSON.stringify(body)).toBe(400);
      }
      expect((await tools(ann)).find((t) => t.name === 'weather')?.authenticated).toBe(false);
    });

    it('keeps a saved value for a field sent empty or left out, and needs every field the first time', async () => {
      const store = new ToolCredentialStore(server.ctx.db, server.ctx.config.secrets.credsKey);
      const first = await install(ann, { SEARCH_KEY: 'search-1' }, 'lookup');
      expect(first.status).toBe(400);
      expect(((await first.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([
        'auth.RANK_KEY',
      ]);
      expect(await store.get(ann.id, 'lookup')).toEqual({});

      expect((await install(ann, { SEARCH_KEY: 'search-1', RANK_KEY: 'rank-1' }, 'lookup')).status).toBe(200);
      // Only the reranker key changes: the search key sent empty, then not sent at all, stays.
      expect((await install(ann, { SEARCH_KEY: '', RANK_KEY: 'rank-2' }, 'lookup')).status).toBe(200);
      expect(await store.get(ann.id, 'lookup')).toEqual({ SEARCH_KEY: 'search-1', RANK_KEY: 'rank-2' });
      expect((await install(ann, { SEARCH_KEY: ' search-2 ' }, 'lookup')).status).toBe(200);
      expect(await store.get(ann.id, 'lookup')).toEqual({ SEARCH_KEY: 'search-2', RANK_KEY: 'rank-2' });
      // Another user's saved values fill nothing in.
      expect((await install(bob, { SEARCH_KEY: 'bob' }, 'lookup')).status).toBe(400);
      expect(await store.get(bob.id, 'lookup')).toEqual({});
      await api(ann, 'POST', '/api/user/plugins', { pluginKey: 'lookup', action: 'uninstall' });
    });

    it('agents may now list the tools that exist, and still no other', async () => {
      const ok = await api(ann, 'POST', '/api/agents', agentBody({ tools: ['weather', 'clock'] }));
      expect(ok.status, await ok.clone().text()).toBe(201);
      const refused = await api(ann, 'POST', '/api/agents', agentBody({ tools: ['weather', 'teleport'] }));
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe('Unknown tool: teleport');
    });
  });

  it("answers only the caller's saved tool calls of the conversation", async () => {
    const base = { messageId: 'm1', toolId: 'execute_code', partIndex: 0, blockIndex: 0, attachments: [] };
    await server.ctx.db.insert(toolCalls).values([
      {
        ...base,
        userId: ann.id,
        conversationId: 'conv-1',
        result: { stdout: 'ann 1' },
        createdAt: new Date(1000),
      },
      {
        ...base,
        userId: ann.id,
        conversationId: 'conv-1',
        blockIndex: 1,
        result: { stdout: 'ann 2' },
        createdAt: new Date(2000),
      },
      { ...base, userId: ann.id, conversationId: 'conv-2', result: { stdout: 'elsewhere' } },
      { ...base, userId: bob.id, conversationId: 'conv-1', result: { stdout: 'bob' } },
    ]);
    const res = await api(ann, 'GET', '/api/agents/tools/calls?conversationId=conv-1');
    expect(res.status).toBe(200);
    const calls = (await res.json()) as SavedToolCall[];
    expect(calls.map((c) => c.result)).toEqual([{ stdout: 'ann 1' }, { stdout: 'ann 2' }]);
    expect(calls[0]).toMatchObject({
      toolId: 'execute_code',
      conversationId: 'conv-1',
      messageId: 'm1',
      partIndex: 0,
    });
    const bobs = (await (
      await api(bob, 'GET', '/api/agents/tools/calls?conversationId=conv-1')
    ).json()) as SavedToolCall[];
    expect(bobs.map((c) => c.result)).toEqual([{ stdout: 'bob' }]);
    for (const query of ['', '?conversationId=', `?conversationId=${'c'.repeat(201)}`]) {
      expect((await api(ann, 'GET', `/api/agents/tools/calls${query}`)).status, query).toBe(400);
    }
    // A key the query does not know is dropped, not refused.
    const withExtra = await api(bob, 'GET', '/api/agents/tools/calls?conversationId=conv-1&x=1');
    expect(withExtra.status).toBe(200);
    expect(((await withExtra.json()) as SavedToolCall[]).map((c) => c.result)).toEqual([{ stdout: 'bob' }]);
  });
});
