// Actions whose API needs the user's OAuth sign-in. A local authorization server and API on
// 127.0.0.2 play a public host (the operator's allow-list admits it); a "private" service on
// 127.0.0.1, same port, must never be reached by the token exchange, directly or by redirect.
// The model's call waits in the "requires auth" state with the authorization URL, the popup's
// callback completes the sign-in and the call runs with the user's token. Attacks: forged and
// replayed state, another action's callback, another user's sign-in, junk, oversize, incomplete
// and redirected token answers, private token and authorization URLs, missing fields.
import { createHash } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { NO_PARENT, type AgentAction, type ContentPart } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentActions } from '../../src/db/schema/index.ts';
import { findOAuthAction } from '../../src/services/actions/action-service.ts';
import { SignInRequired } from '../../src/services/tools/tool-sign-in.ts';
import { openStream, type OpenStream, type SseEvent } from '../chat/sse-client.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { providerEnv, providerYaml } from '../providers/provider-env.ts';
import { startProviderFixture, type ProviderFixture } from '../providers/provider-fixture.ts';
import { agentClient } from './agent-client.ts';

const CLIENT_ID = 'parley-client';
const CLIENT_SECRET = 'client-secret-0123456789';

/** How the token endpoint answers its next requests. */
type TokenMode = 'ok' | 'junk' | 'oversize' | 'no-access-token' | 'mac' | 'redirect-private';

let f: ProviderFixture;
let owner: TestUser;
let carol: TestUser;
let remote: Server;
let internal: Server;
let port: number;
let tokenMode: TokenMode = 'ok';
let issued = 0;
/** Codes the authorization server handed out: code → what the token request must prove. */
const codes = new Map<string, { challenge: string; redirectUri: string; clientId: string }>();
const validTokens = new Set<string>();
const tokenRequests: { form: URLSearchParams; headers: IncomingHttpHeaders }[] = [];
const apiSeen: IncomingHttpHeaders[] = [];
const internalSeen: string[] = [];

const origin = () => `http://127.0.0.2:${port}`;
const weatherSpec = () =>
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Weather', version: '1' },
    servers: [{ url: `${origin()}/v1` }],
    paths: {
      '/weather': {
        get: {
          operationId: 'get_weather',
          parameters: [
            { name: 'location', in: 'query', required: true, schema: { type: 'string' } },
            { name: 'unit', in: 'query', schema: { type: 'string' } },
          ],
        },
      },
    },
  });
const oauthAuth = (overrides: Record<string, unknown> = {}) => ({
  type: 'oauth',
  authorization_url: `${origin()}/authorize`,
  client_url: `${origin()}/token`,
  scope: 'weather.read',
  ...overrides,
});

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });
}

/** The token endpoint: checks the code, the PKCE verifier and the client, then answers by mode. */
async function token(req: IncomingMessage, res: ServerResponse) {
  const form = new URLSearchParams(await readBody(req));
  tokenRequests.push({ form, headers: req.headers });
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const basic = req.headers.authorization?.startsWith('Basic ')
    ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':')
    : null;
  const clientId = basic ? decodeURIComponent(basic[0]!) : form.get('client_id');
  const secret = basic ? decodeURIComponent(basic[1]!) : form.get('client_secret');
  if (clientId !== CLIENT_ID || secret !== CLIENT_SECRET) return json(401, { error: 'invalid_client' });
  if (form.get('grant_type') === 'authorization_code') {
    const code = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!code || code.challenge !== challenge || code.redirectUri !== form.get('redirect_uri'))
      return json(400, { error: 'invalid_grant' });
  } else if (form.get('grant_type') !== 'refresh_token' || !form.get('refresh_token')?.startsWith('rt-')) {
    return json(400, { error: 'unsupported_grant_type' });
  }
  if (tokenMode === 'junk') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end('<html>not json');
  }
  if (tokenMode === 'oversize')
    return json(200, { access_token: 'at-big', token_type: 'Bearer', pad: 'x'.repeat(200_000) });
  if (tokenMode === 'no-access-token') return json(200, { token_type: 'Bearer' });
  if (tokenMode === 'mac') return json(200, { access_token: 'at-mac', token_type: 'mac' });
  if (tokenMode === 'redirect-private') {
    res.writeHead(307, { location: `http://127.0.0.1:${port}/token` });
    return res.end();
  }
  const access = `at-${++issued}`;
  validTokens.add(access);
  json(200, { access_token: access, token_type: 'Bearer', expires_in: 3600, refresh_token: `rt-${issued}` });
}

beforeAll(async () => {
  internal = createServer((req, res) => {
    internalSeen.push(req.url!);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ access_token: 'internal-secret', token_type: 'Bearer' }));
  });
  remote = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/authorize') {
      const code = `code-${codes.size}-${Math.random().toString(36).slice(2)}`;
      codes.set(code, {
        challenge: url.searchParams.get('code_challenge')!,
        redirectUri: url.searchParams.get('redirect_uri')!,
        clientId: url.searchParams.get('client_id')!,
      });
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') return void token(req, res);
    if (url.pathname === '/v1/weather') {
      apiSeen.push(req.headers);
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!validTokens.has(bearer)) {
        res.writeHead(401);
        return res.end('sign in');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ location: url.searchParams.get('location'), sky: 'clear', token: bearer }),
      );
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.2', resolve));
  port = (remote.address() as AddressInfo).port;
  await new Promise<void>((resolve) => internal.listen(port, '127.0.0.1', resolve));
  f = await startProviderFixture({
    env: (url) => ({
      ...providerEnv(url),
      OPENAI_MODELS: 'tools,gpt-4o-mini',
      USER_BASE_URL_ALLOWLIST: '127.0.0.2',
    }),
    yaml: (url) => `${providerYaml(url)}\nactions:\n  allowedDomains: ['127.0.0.2']\n`,
  });
  owner = f.user;
  carol = await createTestUser(f.server);
});
afterAll(async () => {
  await f.stop();
  remote.close();
  internal.close();
});

const agents = () => agentClient(f.server);
const oauth = () => f.server.engines.chat.actions.oauth;
const waits = () => f.server.ctx.tools.signInWaits;
const saveAction = (agentId: string, metadata: Record<string, unknown>, actionId?: string) =>
  agents().call(owner, 'POST', `/api/agents/actions/${agentId}`, {
    ...(actionId ? { action_id: actionId } : {}),
    metadata: { raw_spec: weatherSpec(), ...metadata },
  });

async function oauthAgent(method?: 'default_post' | 'basic_auth_header') {
  const agent = await agents().create(owner, { model: 'tools' });
  const res = await saveAction(agent.id, {
    auth: oauthAuth(method ? { token_exchange_method: method } : {}),
    oauth_client_id: CLIENT_ID,
    oauth_client_secret: CLIENT_SECRET,
  });
  return { agentId: agent.id, action: await agents().ok<AgentAction>(res) };
}

const isAuthDelta = (e: SseEvent) => e.data?.event === 'on_run_step_delta' && Boolean(e.data.data.delta.auth);
const ask = (agentId: string, text: string, user = owner) =>
  openStream(f.server, '/api/agents/chat/agents', {
    token: user.token,
    json: { text, parentMessageId: NO_PARENT, conversationId: null, endpoint: 'agents', agent_id: agentId },
  });
const signInAsked = async (stream: OpenStream) =>
  (await stream.until(isAuthDelta)).at(-1)!.data.data.delta.auth as string;
const callsOf = (events: SseEvent[]) => {
  const final = events.at(-1)!.data;
  return (final.responseMessage.content as ContentPart[]).flatMap((p) =>
    p.type === 'tool_call' ? [p.tool_call as Record<string, unknown>] : [],
  );
};
/** The user approves in the popup: the authorization server redirects to Parley's callback. */
async function approve(link: string): Promise<string> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  return back.pathname + back.search;
}
/** Where Parley's callback sends the popup. */
async function callback(pathAndQuery: string): Promise<string | null> {
  const res = await f.server.api(pathAndQuery, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location');
}

describe('saving an OAuth action', () => {
  it('keeps the client encrypted and never answers it; a change without the client keeps it', async () => {
    const { agentId, action } = await oauthAgent();
    expect(action.metadata).toMatchObject({ auth: oauthAuth(), oauth_client_set: true, api_key_set: false });
    expect(JSON.stringify(action)).not.toContain(CLIENT_SECRET);
    expect(JSON.stringify(action)).not.toContain(CLIENT_ID);
    const [row] = await f.server.ctx.db
      .select()
      .from(agentActions)
      .where(eq(agentActions.id, action.action_id));
    expect(row!.oauthClient).toMatch(/^v1:/);
    expect(row!.oauthClient).not.toContain(CLIENT_SECRET);
    const changed = await agents().ok<AgentAction>(
      await saveAction(
        agentId,
        { auth: oauthAuth({ scope: 'weather.read weather.write' }) },
        action.action_id,
      ),
    );
    expect(changed.metadata.oauth_client_set).toBe(true);
    expect((await findOAuthAction(f.server.engines.chat.actions, action.action_id))!.client).toEqual({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    // A new client id without a secret drops the old secret (it belonged to the old client).
    await agents().ok(
      await saveAction(agentId, { auth: oauthAuth(), oauth_client_id: 'public-client' }, action.action_id),
    );
    expect((await findOAuthAction(f.server.engines.chat.actions, action.action_id))!.client).toEqual({
      client_id: 'public-client',
    });
  });

  it('refuses missing fields, bad URLs, private and loopback endpoints, and oversize values', async () => {
    const agentId = (await agents().create(owner, { model: 'tools' })).id;
    const refused = async (metadata: Record<string, unknown>, message: RegExp) => {
      const res = await saveAction(agentId, metadata);
      const body = (await res.json()) as { message: string; errors?: { message: string }[] };
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(body)).toMatch(message);
    };
    const client = { oauth_client_id: CLIENT_ID, oauth_client_secret: CLIENT_SECRET };
    await refused({ auth: oauthAuth() }, /An OAuth client id is required/);
    await refused(
      { auth: { type: 'oauth', client_url: `${origin()}/token` }, ...client },
      /authorization_url/,
    );
    await refused(
      { auth: { type: 'oauth', authorization_url: `${origin()}/authorize` }, ...client },
      /client_url/,
    );
    await refused(
      { auth: oauthAuth({ client_url: 'ftp://127.0.0.2/token' }), ...client },
      /http:\/\/ or https:\/\//,
    );
    await refused(
      { auth: oauthAuth({ authorization_url: 'not a url' }), ...client },
      /authorization_url must be/,
    );
    await refused(
      { auth: oauthAuth({ token_exchange_method: 'query' }), ...client },
      /token_exchange_method/,
    );
    await refused({ auth: oauthAuth({ scope: 's'.repeat(1_001) }), ...client }, /scope/);
    await refused({ auth: oauthAuth(), oauth_client_id: '', oauth_client_secret: 'x' }, /must not be empty/);
    await refused(
      { auth: oauthAuth(), oauth_client_id: 'x'.repeat(10_001) },
      /oauth_client_id must be at most/,
    );
    const privateUrls = [
      `http://127.0.0.1:${port}/token`,
      `http://localhost:${port}/token`,
      `http://[::ffff:127.0.0.1]:${port}/token`,
      'http://10.0.0.5/token',
      'http://169.254.169.254/latest',
    ];
    for (const url of privateUrls) {
      await refused({ auth: oauthAuth({ client_url: url }), ...client }, /private, loopback or link-local/);
      await refused(
        { auth: oauthAuth({ authorization_url: url }), ...client },
        /private, loopback or link-local/,
      );
    }
    expect(internalSeen).toEqual([]);
  });
});

describe('signing in from the chat', () => {
  it('a call without a token waits with the sign-in link; after the callback it runs with the user’s token', async () => {
    const { agentId, action } = await oauthAgent();
    const stream = await ask(agentId, 'Weather in Lima?');
    const link = new URL(await signInAsked(stream));
    expect(link.origin + link.pathname).toBe(`${origin()}/authorize`);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      code_challenge_method: 'S256',
      scope: 'weather.read',
      redirect_uri: `${f.server.ctx.config.serverDomain}/api/actions/${action.action_id}/oauth/callback`,
    });
    expect(waits().waitingOn(owner.id, `action:${action.action_id}`)).toBe(1);
    tokenRequests.length = 0;
    const back = await approve(link.href);
    expect(await callback(back)).toBe('/oauth/success?serverName=127.0.0.2');
    const calls = callsOf(await stream.rest());
    expect(calls).toHaveLength(1);
    const output = JSON.parse(calls[0]!.output as string) as { token: string };
    expect(output).toMatchObject({ location: 'Lima', sky: 'clear', token: expect.stringMatching(/^at-/) });
    // The client secret went in the form (the default), with the PKCE verifier.
    expect(tokenRequests[0]!.form.get('client_secret')).toBe(CLIENT_SECRET);
    expect(tokenRequests[0]!.form.get('code_verifier')).toMatch(/^[\w.~-]{43,128}$/);
    expect(tokenRequests[0]!.headers.authorization).toBeUndefined();
    // The same answer sent again completes nothing.
    expect(await callback(back)).toBe('/oauth/error?error=invalid_state');

    // The next chat uses the stored token, without asking again.
    const again = callsOf(await (await ask(agentId, 'Weather in Quito?')).rest());
    expect(JSON.parse(again[0]!.output as string)).toMatchObject({ location: 'Quito', token: output.token });
    expect(await oauth().hasTokens(owner.id, action.action_id)).toBe(true);
    expect(await oauth().hasTokens(carol.id, action.action_id)).toBe(false);
  });

  it('sends the client as Basic auth when the action says so; a token the API refuses asks again', async () => {
    const { agentId, action } = await oauthAgent('basic_auth_header');
    const stream = await ask(agentId, 'Weather in Oslo?');
    tokenRequests.length = 0;
    expect(await callback(await approve(await signInAsked(stream)))).toBe(
      '/oauth/success?serverName=127.0.0.2',
    );
    const first = JSON.parse(callsOf(await stream.rest())[0]!.output as string) as { token: string };
    expect(tokenRequests[0]!.headers.authorization).toMatch(/^Basic /);
    expect(tokenRequests[0]!.form.get('client_secret')).toBeNull();

    // The API revokes the token: the call asks for a sign-in again and runs once signed in.
    validTokens.delete(first.token);
    const second = await ask(agentId, 'Weather in Bergen?');
    expect(await callback(await approve(await signInAsked(second)))).toBe(
      '/oauth/success?serverName=127.0.0.2',
    );
    const output = JSON.parse(callsOf(await second.rest())[0]!.output as string) as { token: string };
    expect(output.token).not.toBe(first.token);
    expect(waits().waitingOn(owner.id, `action:${action.action_id}`)).toBe(0);
  });

  it('an expired token is refreshed before the call, without a sign-in', async () => {
    const { agentId, action } = await oauthAgent();
    const stream = await ask(agentId, 'Weather in Lima?');
    expect(await callback(await approve(await signInAsked(stream)))).toBe(
      '/oauth/success?serverName=127.0.0.2',
    );
    await stream.rest();
    const key = `action-oauth:${action.action_id}`;
    const stored = JSON.parse(
      (await f.server.engines.chat.toolCredentials.get(owner.id, key)).value!,
    ) as Record<string, unknown>;
    await f.server.engines.chat.toolCredentials.set(owner.id, key, {
      value: JSON.stringify({ ...stored, expires_at: Date.now() - 1_000 }),
    });
    tokenRequests.length = 0;
    const calls = callsOf(await (await ask(agentId, 'Weather in Cusco?')).rest());
    expect(tokenRequests.map((r) => r.form.get('grant_type'))).toEqual(['refresh_token']);
    expect(JSON.parse(calls[0]!.output as string)).toMatchObject({ location: 'Cusco' });
  });
});

describe('attacks on the sign-in', () => {
  it('a forged state, another action’s callback and another user’s sign-in do not complete the call', async () => {
    const { agentId, action } = await oauthAgent();
    const { action: otherAction } = await oauthAgent();
    const stream = await ask(agentId, 'Weather in Lima?');
    const link = await signInAsked(stream);
    const key = `action:${action.action_id}`;
    const base = `/api/actions/${action.action_id}/oauth/callback`;
    expect(await callback(`${base}?code=x&state=forged`)).toBe('/oauth/error?error=invalid_state');
    expect(await callback(`${base}?code=x`)).toBe('/oauth/error?error=missing_state');
    expect(await callback(`${base}?state=${'s'.repeat(600)}`)).toBe('/oauth/error?error=callback_failed');
    expect(
      (await f.server.api('/api/actions/not-an-action/oauth/callback?state=x', { redirect: 'manual' }))
        .status,
    ).toBe(400);

    // Carol signs in to the same action for herself: the owner's call keeps waiting, and her
    // tokens are hers only.
    const action2 = (await findOAuthAction(f.server.engines.chat.actions, action.action_id))!;
    const carolsSignIn = await oauth()
      .accessToken(carol.id, action2)
      .catch((e: unknown) => e);
    expect(carolsSignIn).toBeInstanceOf(SignInRequired);
    const carolBack = await approve((carolsSignIn as SignInRequired).link!);
    expect(await callback(carolBack)).toBe('/oauth/success?serverName=127.0.0.2');
    expect(waits().waitingOn(owner.id, key)).toBe(1);
    expect(await oauth().hasTokens(owner.id, action.action_id)).toBe(false);
    expect(await oauth().hasTokens(carol.id, action.action_id)).toBe(true);

    // The owner's real answer, sent to another action's callback, is refused (and spent).
    const ownerBack = new URL(await approve(link), 'http://x');
    const elsewhere = `/api/actions/${otherAction.action_id}/oauth/callback${ownerBack.search}`;
    expect(await callback(elsewhere)).toBe('/oauth/error?error=invalid_state');
    expect(await callback(ownerBack.pathname + ownerBack.search)).toBe('/oauth/error?error=invalid_state');
    expect(waits().waitingOn(owner.id, key)).toBe(1);

    // A refused sign-in ends the owner's call as failed; the answer still completes.
    const restart = (await oauth()
      .accessToken(owner.id, action2)
      .catch((e: unknown) => e)) as SignInRequired;
    const state = new URL(restart.link!).searchParams.get('state');
    expect(await callback(`${base}?error=access_denied&state=${state}`)).toBe(
      '/oauth/error?error=callback_failed',
    );
    const rest = await stream.rest();
    expect(callsOf(rest)[0]!.output).toMatch(/^Error processing tool get_weather: .*sign-in .*failed/);
    expect(rest.at(-1)!.data.responseMessage.finish_reason).toBe('stop');
  });

  const badAnswers: [TokenMode, string][] = [
    ['junk', 'junk instead of JSON'],
    ['oversize', 'an answer larger than the limit'],
    ['no-access-token', 'an answer without access_token'],
    ['mac', 'a token that is not a bearer token'],
    ['redirect-private', 'a redirect to a loopback address'],
  ];
  it.each(badAnswers)(
    'a token endpoint answering %s (%s) fails the sign-in and stores nothing',
    async (mode) => {
      const { agentId, action } = await oauthAgent();
      const stream = await ask(agentId, 'Weather in Lima?');
      const back = await approve(await signInAsked(stream));
      internalSeen.length = 0;
      tokenMode = mode;
      try {
        expect(await callback(back)).toBe('/oauth/error?error=callback_failed');
      } finally {
        tokenMode = 'ok';
      }
      const rest = await stream.rest();
      expect(callsOf(rest)[0]!.output).toMatch(/^Error processing tool get_weather: .*failed/);
      expect(JSON.stringify(rest)).not.toContain('internal-secret');
      expect(internalSeen).toEqual([]);
      expect(await oauth().hasTokens(owner.id, action.action_id)).toBe(false);
    },
  );
});
