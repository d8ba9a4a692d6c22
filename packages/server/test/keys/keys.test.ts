import { startSimulator, type ReceivedRequest, type SimServer } from '@parley/llm-sim';
import { NO_PARENT } from '@parley/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userKeys } from '../../src/db/schema/index.ts';
import { finalOf, jsonOf, openStream } from '../chat/sse-client.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let sim: SimServer;
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
const requests: ReceivedRequest[] = [];

beforeAll(async () => {
  sim = await startSimulator({ defaults: { tokensPerSecond: 5000 }, onRequest: (r) => requests.push(r) });
  server = await startTestServer({
    env: {
      ANTHROPIC_API_KEY: 'user_provided',
      ANTHROPIC_REVERSE_PROXY: sim.url,
      ANTHROPIC_MODELS: 'claude-3-5-sonnet/echo',
      BEDROCK_AWS_DEFAULT_REGION: 'us-east-1',
      BEDROCK_AWS_SECRET_ACCESS_KEY: 'user_provided',
      BEDROCK_REVERSE_PROXY: sim.url,
      BEDROCK_AWS_MODELS: 'meta.llama3-8b-instruct-v1:0',
      TITLE_CONVO: 'false',
      // Loopback is refused for user-provided URLs unless allowed: the tests' simulator is.
      USER_BASE_URL_ALLOWLIST: '127.0.0.1',
    },
    yaml: `
version: 1.2.8
endpoints:
  custom:
    - name: OwnKey
      apiKey: user_provided
      baseURL: ${sim.url}/v1
      models: { default: [echo] }
    - name: OwnURL
      apiKey: user_provided
      baseURL: user_provided
      models: { default: [echo] }
`,
  });
  alice = await createTestUser(server);
  bob = await createTestUser(server);
});
afterAll(async () => {
  await server.stop();
  await sim.close();
});

const putKey = (user: TestUser, json: unknown) =>
  server.api('/api/keys', { method: 'PUT', token: user.token, json });
const expiry = async (user: TestUser, name: string) =>
  jsonOf(await server.api(`/api/keys?name=${encodeURIComponent(name)}`, { token: user.token }));
const chat = async (user: TestUser, endpoint: string, text: string, model = 'echo') =>
  (
    await openStream(server, `/api/agents/chat/${endpoint}`, {
      token: user.token,
      json: { text, model, parentMessageId: NO_PARENT, endpoint },
    })
  ).rest();
const errorType = (events: Awaited<ReturnType<typeof chat>>) => {
  const last = events.at(-1)!;
  expect(last.event, JSON.stringify(last.data)).toBe('error');
  return JSON.parse(last.data.text) as Record<string, unknown>;
};

describe('/api/keys', () => {
  it('stores a key encrypted; GET tells whether it is set and when it expires, never the value', async () => {
    expect(await expiry(alice, 'OwnKey')).toEqual({ expiresAt: null });
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    expect((await putKey(alice, { name: 'OwnKey', value: 'sk-alice-secret', expiresAt })).status).toBe(201);
    const answer = await expiry(alice, 'OwnKey');
    expect(answer).toEqual({ expiresAt });
    expect(JSON.stringify(answer)).not.toContain('sk-alice');
    const [row] = await server.ctx.db
      .select()
      .from(userKeys)
      .where(and(eq(userKeys.userId, alice.id), eq(userKeys.name, 'OwnKey')));
    expect(row!.value).not.toContain('sk-alice-secret');
    expect(row!.value).toMatch(/^v1:/);
    // Another user sees nothing of it.
    expect(await expiry(bob, 'OwnKey')).toEqual({ expiresAt: null });
    // No expiry: "never".
    await putKey(alice, { name: 'anthropic', value: 'sk-ant-alice', expiresAt: null });
    expect(await expiry(alice, 'anthropic')).toEqual({ expiresAt: 'never' });
  });

  it('validates: value is required, a date for expiresAt, name in the query', async () => {
    const res = await putKey(alice, { name: 'OwnKey', value: '' });
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).issues[0]).toMatchObject({ path: 'value', message: 'value is required' });
    expect((await putKey(alice, { name: 'OwnKey' })).status).toBe(400);
    expect((await putKey(alice, { name: 'OwnKey', value: 'x', expiresAt: 'soon' })).status).toBe(400);
    expect((await server.api('/api/keys', { token: alice.token })).status).toBe(400);
    expect((await server.api('/api/keys', { method: 'DELETE', token: alice.token })).status).toBe(400);
    expect((await server.api('/api/keys?name=x')).status).toBe(401);
  });

  it('deletes one key, or all of them with all=true (only the caller’s)', async () => {
    await putKey(alice, { name: 'one', value: 'a' });
    await putKey(alice, { name: 'two', value: 'b' });
    await putKey(bob, { name: 'one', value: 'bob' });
    expect((await server.api('/api/keys/one', { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect(await expiry(alice, 'one')).toEqual({ expiresAt: null });
    expect(await expiry(alice, 'two')).toEqual({ expiresAt: 'never' });
    expect(await expiry(bob, 'one')).toEqual({ expiresAt: 'never' });
    expect((await server.api('/api/keys?all=true', { method: 'DELETE', token: alice.token })).status).toBe(
      204,
    );
    expect(await expiry(alice, 'two')).toEqual({ expiresAt: null });
    expect(await expiry(bob, 'one')).toEqual({ expiresAt: 'never' });
  });
});

describe('chat with user-provided keys', () => {
  it('missing → no_user_key; set → the user’s key goes upstream; revoked → no_user_key again', async () => {
    const user = await createTestUser(server);
    expect(errorType(await chat(user, 'OwnKey', 'before the key'))).toEqual({ type: 'no_user_key' });
    await putKey(user, { name: 'OwnKey', value: 'sk-user-own' });
    const events = await chat(user, 'OwnKey', 'with my key');
    expect(finalOf(events).responseMessage.text).toBe('with my key');
    const upstream = requests.findLast((r) => JSON.stringify(r.body).includes('with my key'))!;
    expect(upstream.headers.authorization).toBe('Bearer sk-user-own');
    await server.api('/api/keys/OwnKey', { method: 'DELETE', token: user.token });
    expect(errorType(await chat(user, 'OwnKey', 'after revoking'))).toEqual({ type: 'no_user_key' });
  });

  it('expired → expired_user_key with the endpoint and expiry', async () => {
    const user = await createTestUser(server);
    const expiredAt = new Date(Date.now() - 60_000).toISOString();
    await putKey(user, { name: 'OwnKey', value: 'sk-old', expiresAt: expiredAt });
    expect(errorType(await chat(user, 'OwnKey', 'expired key'))).toEqual({
      type: 'expired_user_key',
      expiredAt,
      endpoint: 'OwnKey',
    });
  });

  it('refused upstream → invalid_user_key (OpenAI-compatible 401, Anthropic 401, Bedrock 403)', async () => {
    const user = await createTestUser(server);
    await putKey(user, { name: 'OwnKey', value: 'sk-invalid' });
    expect(errorType(await chat(user, 'OwnKey', 'bad key'))).toMatchObject({ type: 'invalid_user_key' });
    await putKey(user, { name: 'anthropic', value: 'sk-invalid' });
    expect(errorType(await chat(user, 'anthropic', 'bad key', 'claude-3-5-sonnet/echo'))).toMatchObject({
      type: 'invalid_user_key',
    });
    await putKey(user, {
      name: 'bedrock',
      value: JSON.stringify({ accessKeyId: 'sk-invalid', secretAccessKey: 'x' }),
    });
    expect(errorType(await chat(user, 'bedrock', 'bad key', 'meta.llama3-8b-instruct-v1:0'))).toMatchObject({
      type: 'invalid_user_key',
    });
  });

  it('built-ins take the user’s key: Anthropic as x-api-key, Bedrock credentials as a JSON bundle', async () => {
    const user = await createTestUser(server);
    expect(errorType(await chat(user, 'anthropic', 'no key yet', 'claude-3-5-sonnet/echo'))).toEqual({
      type: 'no_user_key',
    });
    await putKey(user, { name: 'anthropic', value: 'sk-ant-mine' });
    expect(
      finalOf(await chat(user, 'anthropic', 'anthropic own key', 'claude-3-5-sonnet/echo')),
    ).toBeDefined();
    expect(
      requests.findLast((r) => JSON.stringify(r.body).includes('anthropic own key'))!.headers['x-api-key'],
    ).toBe('sk-ant-mine');
    await putKey(user, { name: 'bedrock', value: 'not-a-bundle' });
    expect(errorType(await chat(user, 'bedrock', 'no bundle', 'meta.llama3-8b-instruct-v1:0'))).toEqual({
      type: 'no_user_key',
    });
    await putKey(user, {
      name: 'bedrock',
      value: JSON.stringify({ accessKeyId: 'AKIDUSER', secretAccessKey: 's' }),
    });
    expect(
      finalOf(await chat(user, 'bedrock', 'bedrock own key', 'meta.llama3-8b-instruct-v1:0')),
    ).toBeDefined();
    const signed = requests.findLast((r) => JSON.stringify(r.body).includes('bedrock own key'))!;
    expect(String(signed.headers.authorization)).toContain('Credential=AKIDUSER/');
  });

  it('user-provided base URL: used when allowed; missing → no_base_url; private addresses refused', async () => {
    const user = await createTestUser(server);
    await putKey(user, { name: 'OwnURL', value: JSON.stringify({ apiKey: 'sk-u' }) });
    expect(errorType(await chat(user, 'OwnURL', 'no url'))).toEqual({ type: 'no_base_url' });
    await putKey(user, {
      name: 'OwnURL',
      value: JSON.stringify({ apiKey: 'sk-u', baseURL: `${sim.url}/v1` }),
    });
    expect(finalOf(await chat(user, 'OwnURL', 'through my url')).responseMessage.text).toBe('through my url');
    for (const baseURL of [
      'http://10.0.0.1/v1',
      'http://[::ffff:169.254.169.254]/v1',
      'http://[::1]:8080/v1',
    ]) {
      await putKey(user, { name: 'OwnURL', value: JSON.stringify({ apiKey: 'sk-u', baseURL }) });
      const last = (await chat(user, 'OwnURL', 'sneaky')).at(-1)!;
      expect(last.event).toBe('error');
      expect(last.data.text).toMatch(/private, loopback or link-local address/);
    }
  });
});
