// Personal API keys: made, listed and revoked from a web session; shown once and stored only as a
// hash; the role permission that allows them; and the wall between them and web sessions — a key
// never opens /api/*, a session's token never opens /v1/*, and "Revoke all keys" (the provider
// keys of Data controls) leaves personal keys alone.
import { API_KEY_PREFIX, type ApiKeyInfo } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../src/db/schema/index.ts';
import { listAllApiKeys, revokeAnyApiKey } from '../../src/services/api-keys/api-key-service.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createApiKey, v1 } from './api-key-client.ts';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await createTestUser(server);
  bob = await createTestUser(server);
  admin = await createTestUser(server, { role: 'ADMIN' });
});
afterAll(() => server.stop());

const list = async (user: TestUser) => {
  const res = await server.api('/api/api-keys', { token: user.token });
  expect(res.status).toBe(200);
  return (await res.json()) as ApiKeyInfo[];
};

describe('personal API keys', () => {
  it('are shown once with the recognisable prefix, listed without their secret and stored as a hash', async () => {
    const created = await createApiKey(server, alice, { name: 'laptop' });
    expect(created.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(created).toMatchObject({ name: 'laptop', expiresAt: null, lastUsedAt: null });
    expect(created.key.startsWith(created.hint.replace('…', ''))).toBe(true);
    const listed = await list(alice);
    expect(listed.map((k) => k.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.key.slice(API_KEY_PREFIX.length + 17));
    const [row] = await server.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(API_KEY_PREFIX.length + 17));
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await list(bob)).toEqual([]);
  });

  it('open /v1/ and are refused at once once revoked', async () => {
    const { id, key } = await createApiKey(server, alice);
    expect((await v1(server, key, '/models')).status).toBe(200);
    expect((await server.api(`/api/api-keys/${id}`, { method: 'DELETE', token: alice.token })).status).toBe(
      204,
    );
    const refused = await v1(server, key, '/models');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({
      error: { type: 'authentication_error', code: 'invalid_api_key' },
    });
  });

  it('cannot be revoked by someone else (as if it did not exist)', async () => {
    const { id, key } = await createApiKey(server, alice);
    const res = await server.api(`/api/api-keys/${id}`, { method: 'DELETE', token: bob.token });
    expect(res.status).toBe(404);
    expect((await v1(server, key, '/models')).status).toBe(200);
  });

  it('stop working the moment they expire, even when just used', async () => {
    const expiresAt = new Date(Date.now() + 1_500);
    const { key } = await createApiKey(server, alice, { expiresAt: expiresAt.toISOString() });
    expect((await v1(server, key, '/models')).status).toBe(200);
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt.getTime() - Date.now()) + 50));
    const res = await v1(server, key, '/models');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'expired_api_key' } });
  });

  it('refuse bad requests with 400 naming the field', async () => {
    for (const json of [
      {},
      { name: '' },
      { name: 'x'.repeat(101) },
      { name: 5 },
      { name: 'a', expiresAt: 'soon' },
      { name: 'a', expiresAt: '2000-01-01T00:00:00Z' },
      { name: 'a', extra: true },
    ]) {
      const res = await server.api('/api/api-keys', { method: 'POST', token: alice.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as { issues: unknown[] }).issues.length).toBeGreaterThan(0);
    }
    const malformed = await server.api('/api/api-keys', {
      method: 'POST',
      token: alice.token,
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(malformed.status).toBe(400);
    expect((await server.api('/api/api-keys', { method: 'POST', json: { name: 'a' } })).status).toBe(401);
  });

  it('never open the web app API, and a session token never opens /v1/', async () => {
    const { key } = await createApiKey(server, alice);
    for (const path of ['/api/user', '/api/api-keys', '/api/convos', '/api/keys?name=openAI']) {
      const res = await server.api(path, { token: key });
      expect(res.status, path).toBe(401);
    }
    const keyMakingKey = await server.api('/api/api-keys', {
      method: 'POST',
      token: key,
      json: { name: 'x' },
    });
    expect(keyMakingKey.status).toBe(401);
    const session = await v1(server, alice.token, '/models');
    expect(session.status).toBe(401);
    expect(await session.json()).toMatchObject({ error: { type: 'authentication_error' } });
  });

  it('are not touched by revoking all provider keys (Data controls)', async () => {
    const { id, key } = await createApiKey(server, alice);
    const put = await server.api('/api/keys', {
      method: 'PUT',
      token: alice.token,
      json: { name: 'openAI', value: 'sk-user' },
    });
    expect(put.status).toBe(201);
    const revokeAll = await server.api('/api/keys?all=true', { method: 'DELETE', token: alice.token });
    expect(revokeAll.status).toBe(204);
    const provider = await server.api('/api/keys?name=openAI', { token: alice.token });
    expect(await provider.json()).toEqual({ expiresAt: null });
    expect((await list(alice)).map((k) => k.id)).toContain(id);
    expect((await v1(server, key, '/models')).status).toBe(200);
  });

  it('follow the role permission (PUT /api/roles/{role}/api-keys), on by default', async () => {
    const role = await server.api('/api/roles/user', { token: alice.token });
    expect(((await role.json()) as { permissions: Record<string, unknown> }).permissions.API_KEYS).toEqual({
      USE: true,
    });
    const { key } = await createApiKey(server, bob);
    const forbiddenEdit = await server.api('/api/roles/USER/api-keys', {
      method: 'PUT',
      token: bob.token,
      json: { USE: false },
    });
    expect(forbiddenEdit.status).toBe(403);
    const off = await server.api('/api/roles/USER/api-keys', {
      method: 'PUT',
      token: admin.token,
      json: { USE: false },
    });
    expect(off.status).toBe(200);
    try {
      const create = await server.api('/api/api-keys', {
        method: 'POST',
        token: bob.token,
        json: { name: 'no' },
      });
      expect(create.status).toBe(403);
      const use = await v1(server, key, '/models');
      expect(use.status).toBe(403);
      expect(await use.json()).toMatchObject({ error: { type: 'permission_error' } });
      // What was made can still be seen and removed.
      expect((await list(bob)).length).toBe(1);
    } finally {
      await server.api('/api/roles/USER/api-keys', {
        method: 'PUT',
        token: admin.token,
        json: { USE: true },
      });
    }
    expect((await v1(server, key, '/models')).status).toBe(200);
  });

  it('are listed and revoked by the administration service functions', async () => {
    const { id, key } = await createApiKey(server, bob, { name: 'for-admin' });
    const all = await listAllApiKeys(server.ctx.db);
    expect(all.find((k) => k.id === id)).toMatchObject({
      userId: bob.id,
      userEmail: bob.email,
      name: 'for-admin',
    });
    expect(await revokeAnyApiKey(server.ctx.db, server.ctx.bus, id)).toBe(true);
    expect(await revokeAnyApiKey(server.ctx.db, server.ctx.bus, id)).toBe(false);
    expect((await v1(server, key, '/models')).status).toBe(401);
  });
});
