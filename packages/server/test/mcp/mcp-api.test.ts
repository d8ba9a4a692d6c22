import { fileURLToPath } from 'node:url';
import type {
  McpAuthValuesAnswer,
  McpConnectionStatusAnswer,
  McpReinitializeAnswer,
  ToolEntry,
} from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolCredentials } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { startHttpMcpServer, type HttpMcpServer } from './fixtures/http-mcp-server.ts';

const STDIO_SERVER = fileURLToPath(new URL('./fixtures/stdio-server.mjs', import.meta.url));

/**
 * The MCP calls against real servers: `local`, a stdio server every user shares; `team`, a
 * streamable-HTTP server on loopback that each user reaches with their own TEAM value (sent as a
 * header); `broken`, a command that does not exist; `guarded`, whose host a user's value decides.
 */
describe('MCP servers: status, reinitialize, custom variables, tools', () => {
  let server: TestServer;
  let http: HttpMcpServer;
  let ann: TestUser;
  let bob: TestUser;
  const api = (user: TestUser, method: string, path: string, json?: unknown) =>
    server.api(path, { method, token: user.token, ...(json !== undefined ? { json } : {}) });
  const status = async (user: TestUser) => {
    const res = await api(user, 'GET', '/api/mcp/connection/status');
    expect(res.status).toBe(200);
    return ((await res.json()) as McpConnectionStatusAnswer).connectionStatus;
  };
  const reinitialize = async (user: TestUser, name: string) => {
    const res = await api(user, 'POST', `/api/mcp/${name}/reinitialize`);
    expect(res.status).toBe(200);
    return (await res.json()) as McpReinitializeAnswer;
  };
  const setTeam = (user: TestUser, team: string) =>
    api(user, 'POST', '/api/user/plugins', {
      pluginKey: 'mcp_team',
      action: 'install',
      auth: { TEAM: team },
    });

  beforeAll(async () => {
    http = await startHttpMcpServer();
    server = await startTestServer({
      yaml: [
        'mcpServers:',
        `  local: { command: "${process.execPath}", args: ["${STDIO_SERVER}"], serverInstructions: true, timeout: 1500 }`,
        `  team:`,
        `    type: streamable-http`,
        `    url: "${http.url}"`,
        `    headers: { X-Team: "{{TEAM}}" }`,
        `    customUserVars: { TEAM: { title: Team id, description: Your team at the lookup service } }`,
        `  broken: { command: /nonexistent/mcp-server }`,
        `  guarded:`,
        `    url: "http://{{HOST}}/mcp"`,
        `    type: streamable-http`,
        `    customUserVars: { HOST: { title: Host } }`,
      ].join('\n'),
      mcp: { backoff: { firstMs: 60_000, maxMs: 60_000 } },
    });
    ann = await createTestUser(server);
    bob = await createTestUser(server);
    await server.ctx.mcp.connectionFor(ann.id, 'local');
  });
  afterAll(async () => {
    await server.stop();
    await http.close();
  });

  it('starts although a server cannot, and reports each server as the caller sees it', async () => {
    await server.ctx.mcp.connectionFor(ann.id, 'broken').catch(() => undefined);
    expect(await status(ann)).toEqual({
      local: { connectionState: 'connected', requiresOAuth: false },
      team: { connectionState: 'disconnected', requiresOAuth: false },
      broken: { connectionState: 'error', requiresOAuth: false },
      guarded: { connectionState: 'disconnected', requiresOAuth: false },
    });
  });

  it('lists the shared server tools as <tool>_mcp_<server>', async () => {
    const res = await api(ann, 'GET', '/api/agents/tools');
    const names = ((await res.json()) as ToolEntry[]).map((t) => t.pluginKey);
    expect(names).toEqual(expect.arrayContaining(['echo_mcp_local', 'add_mcp_local']));
    expect(names.some((n) => n.endsWith('_mcp_team'))).toBe(false);
  });

  it('tells which custom variables are set, never their values, per user', async () => {
    const flags = async (user: TestUser) =>
      ((await (await api(user, 'GET', '/api/mcp/team/auth-values')).json()) as McpAuthValuesAnswer)
        .authValueFlags;
    expect(await flags(ann)).toEqual({ TEAM: false });
    expect((await setTeam(ann, 'ann-team')).status).toBe(200);
    expect(await flags(ann)).toEqual({ TEAM: true });
    expect(await flags(bob)).toEqual({ TEAM: false });
    const body = await (await api(ann, 'GET', '/api/mcp/team/auth-values')).text();
    expect(body).not.toContain('ann-team');
    const rows = await server.ctx.db
      .select()
      .from(toolCredentials)
      .where(eq(toolCredentials.pluginKey, 'mcp_team'));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('ann-team');
  });

  it('connects a user with their own values, on first use, and never with another user’s', async () => {
    const initialized = await reinitialize(ann, 'team');
    expect(initialized).toMatchObject({
      success: true,
      oauthRequired: false,
      oauthUrl: null,
      serverName: 'team',
    });
    expect((await status(ann)).team?.connectionState).toBe('connected');
    expect((await status(bob)).team?.connectionState).toBe('disconnected');
    const refused = await reinitialize(bob, 'team');
    expect(refused).toMatchObject({ success: false, oauthRequired: false });
    expect(refused.message).toBe('Set your Team id for team first');

    const [whoami] = await server.ctx.tools.resolve(ann.id, ['whoami_mcp_team']);
    const answer = await whoami!.run(
      {},
      { userId: ann.id, conversationId: 'c', credentials: {}, signal: new AbortController().signal },
    );
    expect(answer).toBe('team=ann-team auth=');
    expect(await server.ctx.tools.resolve(bob.id, ['whoami_mcp_team'])).toEqual([]);

    // New values: the old connection is dropped and the next use connects with the new ones.
    await setTeam(ann, 'second-team');
    const [again] = await server.ctx.tools.resolve(ann.id, ['whoami_mcp_team']);
    const changed = await again!.run(
      {},
      { userId: ann.id, conversationId: 'c', credentials: {}, signal: new AbortController().signal },
    );
    expect(changed).toBe('team=second-team auth=');
  });

  it('revokes a user’s values through uninstall, which closes their connection', async () => {
    await setTeam(bob, 'bob-team');
    expect((await reinitialize(bob, 'team')).success).toBe(true);
    const res = await api(bob, 'POST', '/api/user/plugins', { pluginKey: 'mcp_team', action: 'uninstall' });
    expect(res.status).toBe(200);
    expect((await status(bob)).team?.connectionState).toBe('disconnected');
    expect((await reinitialize(bob, 'team')).success).toBe(false);
  });

  it('refuses a user value that points the server at a private address', async () => {
    await api(ann, 'POST', '/api/user/plugins', {
      pluginKey: 'mcp_guarded',
      action: 'install',
      auth: { HOST: '127.0.0.1' },
    });
    const answer = await reinitialize(ann, 'guarded');
    expect(answer.success).toBe(false);
    expect(answer.message).toMatch(/private|not allowed|refused/i);
    await api(ann, 'POST', '/api/user/plugins', {
      pluginKey: 'mcp_guarded',
      action: 'install',
      auth: { HOST: '[::ffff:127.0.0.1]' },
    });
    expect((await reinitialize(ann, 'guarded')).success).toBe(false);
  });

  it('runs a shared tool with checked arguments, and turns faults into errors', async () => {
    const ctx = {
      userId: ann.id,
      conversationId: 'c',
      credentials: {},
      signal: new AbortController().signal,
    };
    const [add, hang, fails] = await server.ctx.tools.resolve(ann.id, [
      'add_mcp_local',
      'hang_mcp_local',
      'fails_mcp_local',
    ]);
    expect(await add!.run({ a: 1, b: 2 }, ctx)).toBe('3');
    const bad = add!.input.safeParse({ a: 'one', b: 2 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/a/);
    await expect(fails!.run({}, ctx)).rejects.toThrow('the lookup service is down');
    await expect(hang!.run({}, ctx)).rejects.toThrow(/timed out/i);
    expect((await status(ann)).local?.connectionState).toBe('connected');
  });

  it('adds a server’s own instructions for the servers a run uses', async () => {
    const source = server.ctx.mcp;
    expect(source).toBeDefined();
    const { McpToolSource } = await import('../../src/services/mcp/mcp-tool-source.ts');
    const texts = await new McpToolSource(server.ctx.mcp).instructionsFor(ann.id, [
      'echo_mcp_local',
      'whoami_mcp_team',
    ]);
    expect(texts).toEqual(['local: Use echo to repeat text.']);
  });

  it('answers 404 for a server parley.yaml does not name, and 400 for a bad name', async () => {
    for (const [method, path] of [
      ['POST', '/api/mcp/nope/reinitialize'],
      ['GET', '/api/mcp/nope/auth-values'],
      ['POST', '/api/mcp/oauth/cancel/nope'],
      ['GET', '/api/mcp/__proto__/auth-values'],
    ] as const) {
      const res = await api(ann, method, path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { message: string }).message).toMatch(/not found/);
    }
    const long = await api(ann, 'GET', `/api/mcp/${'x'.repeat(300)}/auth-values`);
    expect(long.status).toBe(400);
    const unknownVar = await api(ann, 'POST', '/api/user/plugins', {
      pluginKey: 'mcp_team',
      action: 'install',
      auth: { TEAM: 't', OTHER: 'x' },
    });
    expect(unknownVar.status).toBe(400);
  });

  it('needs a signed-in user for every call', async () => {
    for (const [method, path] of [
      ['GET', '/api/mcp/connection/status'],
      ['POST', '/api/mcp/local/reinitialize'],
      ['GET', '/api/mcp/team/auth-values'],
      ['POST', '/api/mcp/oauth/cancel/team'],
    ] as const) {
      expect((await server.api(path, { method })).status, path).toBe(401);
    }
  });

  it('cancels nothing when no sign-in waits', async () => {
    const res = await api(ann, 'POST', '/api/mcp/oauth/cancel/team');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'No sign-in to team was waiting' });
  });
});
