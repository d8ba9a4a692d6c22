import type { McpConnectionStatusAnswer, McpReinitializeAnswer } from '@parley/schema';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolCredentials } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { approveSignIn, startOAuthMcpServer, type OAuthMcpServer } from './fixtures/oauth-mcp-server.ts';

/**
 * OAuth sign-in to a remote MCP server (`secure`) whose local authorization server the test
 * starts: discovery, dynamic registration, authorization code with PKCE, the callback (and its
 * replay, a wrong or missing state, a missing code, a refusal), refresh of an expired token,
 * cancel, tokens encrypted and per user.
 */
describe('MCP OAuth sign-in', () => {
  let server: TestServer;
  let remote: OAuthMcpServer;
  let ann: TestUser;
  let bob: TestUser;
  const api = (user: TestUser, method: string, path: string) =>
    server.api(path, { method, token: user.token });
  const reinitialize = async (user: TestUser) =>
    (await (await api(user, 'POST', '/api/mcp/secure/reinitialize')).json()) as McpReinitializeAnswer;
  const status = async (user: TestUser) =>
    ((await (await api(user, 'GET', '/api/mcp/connection/status')).json()) as McpConnectionStatusAnswer)
      .connectionStatus.secure;
  /** The user "signs in": the authorization server approves and redirects to Parley's callback. */
  const approve = (link: string) => approveSignIn(link, '/api/mcp/secure/oauth/callback');
  /** Where Parley's callback sends the popup. */
  const callback = async (pathAndQuery: string) => {
    const res = await server.api(pathAndQuery, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return res.headers.get('location');
  };
  const run = async (user: TestUser, name: string) => {
    const [tool] = await server.ctx.tools.resolve(user.id, [name]);
    if (!tool) throw new Error(`${name} is not available to this user`);
    return tool.run(
      {},
      { userId: user.id, conversationId: 'c', credentials: {}, signal: new AbortController().signal },
    );
  };

  beforeAll(async () => {
    remote = await startOAuthMcpServer();
    server = await startTestServer({
      yaml: `mcpServers:\n  secure: { type: streamable-http, url: "${remote.url}", requiresOAuth: true, initTimeout: 5000 }\n`,
    });
    ann = await createTestUser(server);
    bob = await createTestUser(server);
  });
  afterAll(async () => {
    await server.stop();
    await remote.close();
  });

  it('asks for sign-in, completes it through the callback, and connects with the token', async () => {
    expect(await status(ann)).toEqual({ connectionState: 'disconnected', requiresOAuth: true });
    expect(await server.ctx.tools.resolve(ann.id, ['whoami_mcp_secure'])).toEqual([]);
    const asked = await reinitialize(ann);
    expect(asked).toMatchObject({ success: false, oauthRequired: true, serverName: 'secure' });
    const url = new URL(asked.oauthUrl!);
    expect(url.origin + url.pathname).toBe(new URL(remote.url).origin + '/authorize');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();

    const back = await approve(asked.oauthUrl!);
    expect(await callback(back)).toBe('/oauth/success?serverName=secure');
    await server.ctx.mcp.connectionFor(ann.id, 'secure');
    expect(await status(ann)).toEqual({ connectionState: 'connected', requiresOAuth: false });
    expect(await run(ann, 'whoami_mcp_secure')).toMatch(/auth=Bearer at-/);
    expect(remote.grants.authorization_code).toBe(1);

    // The same answer again is refused: a state completes one sign-in only.
    expect(await callback(back)).toBe('/oauth/error?error=invalid_state');
  });

  it('keeps the tokens encrypted and for their user only', async () => {
    const rows = await server.ctx.db
      .select()
      .from(toolCredentials)
      .where(like(toolCredentials.pluginKey, 'mcp-oauth:secure:%'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.userId === ann.id)).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/at-|rt-/);
    expect(await status(bob)).toEqual({ connectionState: 'disconnected', requiresOAuth: true });
    expect(await server.ctx.tools.resolve(bob.id, ['whoami_mcp_secure'])).toEqual([]);
  });

  it('refreshes an expired token without asking the user again', async () => {
    remote.expireAccessTokens();
    expect(await run(ann, 'whoami_mcp_secure')).toMatch(/auth=Bearer at-/);
    expect(remote.grants.refresh_token).toBe(1);
    expect(remote.grants.authorization_code).toBe(1);
  });

  it('refuses a callback without state, with a state of no sign-in, or without code', async () => {
    expect(await callback('/api/mcp/secure/oauth/callback?code=x')).toBe('/oauth/error?error=missing_state');
    expect(await callback('/api/mcp/secure/oauth/callback?code=x&state=forged')).toBe(
      '/oauth/error?error=invalid_state',
    );
    const asked = await reinitialize(bob);
    const state = new URL(asked.oauthUrl!).searchParams.get('state')!;
    // A state is bound to its server too.
    expect(await callback(`/api/mcp/other/oauth/callback?code=x&state=${state}`)).toBe(
      '/oauth/error?error=callback_failed',
    );
    expect(await callback(`/api/mcp/secure/oauth/callback?state=${state}`)).toBe(
      '/oauth/error?error=missing_code',
    );
    expect(await status(bob)).toEqual({ connectionState: 'disconnected', requiresOAuth: true });
  });

  it('reports a refused sign-in and a code the authorization server does not know', async () => {
    const refused = await reinitialize(bob);
    const state = new URL(refused.oauthUrl!).searchParams.get('state')!;
    expect(await callback(`/api/mcp/secure/oauth/callback?error=access_denied&state=${state}`)).toBe(
      '/oauth/error?error=callback_failed',
    );
    const wrong = await reinitialize(bob);
    const wrongState = new URL(wrong.oauthUrl!).searchParams.get('state')!;
    expect(await callback(`/api/mcp/secure/oauth/callback?code=made-up&state=${wrongState}`)).toBe(
      '/oauth/error?error=callback_failed',
    );
  });

  it('cancels a waiting sign-in, after which its callback is refused', async () => {
    const asked = await reinitialize(bob);
    const back = await approve(asked.oauthUrl!);
    const res = await api(bob, 'POST', '/api/mcp/oauth/cancel/secure');
    expect(await res.json()).toEqual({ success: true, message: 'Sign-in to secure cancelled' });
    expect(await callback(back)).toBe('/oauth/error?error=invalid_state');
    expect(await status(bob)).toEqual({ connectionState: 'disconnected', requiresOAuth: true });
  });
});
