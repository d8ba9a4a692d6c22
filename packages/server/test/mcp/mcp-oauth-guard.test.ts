import { createServer as createTcpServer, connect, type Server as TcpServer, type Socket } from 'node:net';
import type { McpReinitializeAnswer } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { approveSignIn, startOAuthMcpServer, type OAuthMcpServer } from './fixtures/oauth-mcp-server.ts';

/** A TCP door on 127.0.0.1 (a private address) to a server on 127.0.0.2; counts who came in. */
interface Door {
  connections: number;
  close(): Promise<void>;
}

async function privateDoor(port: number): Promise<Door> {
  const door = { connections: 0 } as Door;
  const sockets = new Set<Socket>();
  const server: TcpServer = createTcpServer((socket) => {
    door.connections++;
    const upstream = connect(port, '127.0.0.2');
    sockets.add(socket).add(upstream);
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  door.close = () => {
    // Pooled keep-alive connections would hold close() open.
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return door;
}

const portOf = (remote: OAuthMcpServer) => new URL(remote.url).port;

/**
 * The OAuth sign-in of MCP servers whose host a user's value fills: 127.0.0.2 plays a public host
 * (USER_BASE_URL_ALLOWLIST names it, as an operator would a real one); 127.0.0.1 is private.
 * - `foreign` answers 401 naming its sign-in metadata on another server (`recorder`, public too);
 * - `tenant` is an ordinary OAuth MCP server, its authorization server on its own origin;
 * - `idp` keeps its authorization server on a private address (a door on 127.0.0.1 to it), which
 *   parley.yaml names in `oauth`; `unnamed` is the same server without that naming.
 */
describe('MCP OAuth of servers whose host a user fills', () => {
  let server: TestServer;
  let foreign: OAuthMcpServer;
  let recorder: OAuthMcpServer;
  let tenant: OAuthMcpServer;
  let idp: OAuthMcpServer;
  let tenantDoor: Door;
  let idpDoor: Door;
  let ann: TestUser;

  const api = (user: TestUser, method: string, path: string, json?: unknown) =>
    server.api(path, { method, token: user.token, ...(json !== undefined ? { json } : {}) });
  const setHost = async (user: TestUser, name: string, host: string) => {
    const res = await api(user, 'POST', '/api/user/plugins', {
      pluginKey: `mcp_${name}`,
      action: 'install',
      auth: { HOST: host },
    });
    expect(res.status).toBe(200);
  };
  const reinitialize = async (user: TestUser, name: string) =>
    (await (await api(user, 'POST', `/api/mcp/${name}/reinitialize`)).json()) as McpReinitializeAnswer;
  const callback = async (pathAndQuery: string) => {
    const res = await server.api(pathAndQuery, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return res.headers.get('location');
  };
  const templated = (name: string, remote: OAuthMcpServer, extra = '') =>
    [
      `  ${name}:`,
      `    type: streamable-http`,
      `    url: "http://{{HOST}}:${portOf(remote)}/mcp"`,
      `    requiresOAuth: true`,
      `    initTimeout: 5000`,
      `    customUserVars: { HOST: { title: Host } }`,
      extra,
    ]
      .filter(Boolean)
      .join('\n');

  beforeAll(async () => {
    recorder = await startOAuthMcpServer({ host: '127.0.0.2' });
    foreign = await startOAuthMcpServer({
      host: '127.0.0.2',
      resourceMetadataUrl: () => `${new URL(recorder.url).origin}/.well-known/oauth-protected-resource`,
    });
    tenant = await startOAuthMcpServer({ host: '127.0.0.2' });
    tenantDoor = await privateDoor(Number(portOf(tenant)));
    idp = await startOAuthMcpServer({
      host: '127.0.0.2',
      authorizationOrigin: (origin) => origin.replace('127.0.0.2', '127.0.0.1'),
    });
    idpDoor = await privateDoor(Number(portOf(idp)));
    const named = `http://127.0.0.1:${portOf(idp)}`;
    server = await startTestServer({
      env: { USER_BASE_URL_ALLOWLIST: '127.0.0.2' },
      yaml: [
        'mcpServers:',
        templated('foreign', foreign),
        templated('tenant', tenant),
        templated(
          'idp',
          idp,
          `    oauth: { authorization_url: "${named}/authorize", token_url: "${named}/token" }`,
        ),
        templated('unnamed', idp),
      ].join('\n'),
    });
    ann = await createTestUser(server);
  });
  afterAll(async () => {
    await server.stop();
    await Promise.all([foreign, recorder, tenant, idp].map((r) => r.close()));
    await Promise.all([tenantDoor, idpDoor].map((d) => d.close()));
  });

  it('refuses a 401 naming its sign-in metadata on another origin, and never fetches it', async () => {
    await setHost(ann, 'foreign', '127.0.0.2');
    const answer = await reinitialize(ann, 'foreign');
    expect(answer.success).toBe(false);
    expect(answer.oauthUrl).toBeFalsy();
    expect(answer.message).toMatch(/sign-in metadata on another origin/);
    // The recorder is a whole OAuth server: it registered nobody, so nothing reached it.
    expect(await (await api(ann, 'GET', '/api/mcp/connection/status')).json()).toMatchObject({
      connectionStatus: { foreign: { requiresOAuth: true } },
    });
    expect(recorder.grants).toEqual({ authorization_code: 0, refresh_token: 0 });
    expect(recorder.requests()).toEqual([]);
  });

  it('completes the sign-in at the callback on the URL the user filled, through the guard', async () => {
    await setHost(ann, 'tenant', '127.0.0.2');
    const asked = await reinitialize(ann, 'tenant');
    expect(asked.oauthRequired).toBe(true);
    const back = await approveSignIn(asked.oauthUrl!, '/api/mcp/tenant/oauth/callback');
    expect(await callback(back)).toBe('/oauth/success?serverName=tenant');
    expect(tenant.grants.authorization_code).toBe(1);
    await server.ctx.mcp.connectionFor(ann.id, 'tenant');
  });

  it('refuses the callback when the filled host now resolves to a private address', async () => {
    const bob = await createTestUser(server);
    await setHost(bob, 'tenant', '127.0.0.2');
    const asked = await reinitialize(bob, 'tenant');
    const back = await approveSignIn(asked.oauthUrl!, '/api/mcp/tenant/oauth/callback');
    // Before the answer comes back, the value now names a loopback address (the door to tenant).
    await setHost(bob, 'tenant', '127.0.0.1');
    const before = tenantDoor.connections;
    expect(await callback(back)).toBe('/oauth/error?error=callback_failed');
    expect(tenantDoor.connections).toBe(before);
    expect(tenant.grants.authorization_code).toBe(1);
  });

  it("reaches the operator's private authorization server named in oauth, and only for that server", async () => {
    await setHost(ann, 'unnamed', '127.0.0.2');
    const refused = await reinitialize(ann, 'unnamed');
    expect(refused.success).toBe(false);
    expect(refused.oauthUrl).toBeFalsy();
    expect(idpDoor.connections).toBe(0);

    await setHost(ann, 'idp', '127.0.0.2');
    const asked = await reinitialize(ann, 'idp');
    expect(new URL(asked.oauthUrl!).origin).toBe(`http://127.0.0.1:${portOf(idp)}`);
    const back = await approveSignIn(asked.oauthUrl!, '/api/mcp/idp/oauth/callback');
    expect(await callback(back)).toBe('/oauth/success?serverName=idp');
    expect(idp.grants.authorization_code).toBe(1);
    await server.ctx.mcp.connectionFor(ann.id, 'idp');
  });
});
