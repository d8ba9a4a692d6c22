import type { MemoriesAnswer } from '@parley/schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryService } from '../../src/services/memories/memory-service.ts';
import { memorySettings } from '../../src/services/memories/memory-settings.ts';
import { getRole, updateRolePermissions } from '../../src/services/roles/role-service.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

const TOKEN_LIMIT = 40;

describe('memories API (/api/memories)', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;

  const call = async (user: TestUser, method: string, path: string, json?: unknown) => {
    const res = await server.api(path, { method, token: user.token, json });
    return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const list = async (user: TestUser) => (await call(user, 'GET', '/api/memories')).body as MemoriesAnswer;

  beforeAll(async () => {
    server = await startTestServer({ yaml: `version: 1.2.8\nmemory:\n  tokenLimit: ${TOKEN_LIMIT}\n` });
    alice = await createTestUser(server, { name: 'Alice' });
    bob = await createTestUser(server, { name: 'Bob' });
    admin = await createTestUser(server, { role: 'ADMIN', name: 'Admin' });
  });
  afterAll(() => server.stop());
  afterEach(async () => {
    await updateRolePermissions(server.ctx.db, 'USER', 'MEMORIES', {
      USE: true,
      CREATE: true,
      UPDATE: true,
      READ: true,
      OPT_OUT: true,
    });
  });

  it('adds, lists newest first with token usage, renames, changes and deletes a memory', async () => {
    expect(await list(alice)).toEqual({
      memories: [],
      totalTokens: 0,
      tokenLimit: TOKEN_LIMIT,
      usagePercentage: 0,
      preferences: { memories: true },
      personalize: true,
    });
    const created = await call(alice, 'POST', '/api/memories', { key: 'pet', value: '  A cat named Miso  ' });
    expect(created.status).toBe(201);
    expect(created.body.memory).toMatchObject({ key: 'pet', value: 'A cat named Miso' });
    expect(created.body.memory.tokenCount).toBeGreaterThan(2);
    await call(alice, 'POST', '/api/memories', { key: 'city', value: 'Lisbon' });

    const listed = await list(alice);
    expect(listed.memories.map((m) => m.key)).toEqual(['city', 'pet']);
    const total = listed.memories.reduce((sum, m) => sum + m.tokenCount, 0);
    expect(listed.totalTokens).toBe(total);
    expect(listed.usagePercentage).toBe(Math.round((total / TOKEN_LIMIT) * 100));

    const renamed = await call(alice, 'PATCH', '/api/memories/pet', { key: 'pets', value: 'Two cats' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ updated: true, memory: { key: 'pets', value: 'Two cats' } });
    expect((await call(alice, 'PATCH', '/api/memories/pet', { value: 'x' })).status).toBe(404);
    // Renaming onto a key in use would lose a memory.
    expect((await call(alice, 'PATCH', '/api/memories/pets', { key: 'city', value: 'x' })).status).toBe(409);

    expect(await call(alice, 'DELETE', '/api/memories/pets')).toEqual({
      status: 200,
      body: { deleted: true },
    });
    expect((await call(alice, 'DELETE', '/api/memories/pets')).status).toBe(404);
    expect((await list(alice)).memories.map((m) => m.key)).toEqual(['city']);
    await call(alice, 'DELETE', '/api/memories/city');
  });

  it("never shows or touches another user's memories", async () => {
    await call(alice, 'POST', '/api/memories', { key: 'secret', value: 'Alice only' });
    expect((await list(bob)).memories).toEqual([]);
    expect((await call(bob, 'PATCH', '/api/memories/secret', { value: 'Bob was here' })).status).toBe(404);
    expect((await call(bob, 'DELETE', '/api/memories/secret')).status).toBe(404);
    // Bob may use the same key for his own memory.
    expect((await call(bob, 'POST', '/api/memories', { key: 'secret', value: 'Bob only' })).status).toBe(201);
    expect((await list(alice)).memories).toMatchObject([{ key: 'secret', value: 'Alice only' }]);
    expect((await call(alice, 'POST', '/api/memories', { key: 'secret', value: 'again' })).status).toBe(409);
    await call(alice, 'DELETE', '/api/memories/secret');
    await call(bob, 'DELETE', '/api/memories/secret');
  });

  it('refuses bad keys and values with a 400 that says what is wrong, and stores nothing', async () => {
    const bad: [unknown, RegExp][] = [
      [{ value: 'no key' }, /key: Key is required/],
      [{ key: '   ', value: 'blank' }, /Key is required/],
      [{ key: 'k'.repeat(101), value: 'v' }, /Key is too long \(at most 100 characters\)/],
      [{ key: 'two words', value: 'v' }, /letters, digits/],
      [{ key: '../etc', value: 'v' }, /letters, digits/],
      [{ key: 'preferences', value: 'v' }, /reserved/],
      [{ key: 42, value: 'v' }, /key/],
      [{ key: 'k' }, /Value is required/],
      [{ key: 'k', value: '' }, /Value is required/],
      [{ key: 'k', value: 'v'.repeat(10_001) }, /Value is too long \(at most 10000 characters\)/],
      [{ key: 'k', value: ['v'] }, /value/],
      ['not an object', /Invalid body/],
    ];
    for (const [body, message] of bad) {
      const res = await call(alice, 'POST', '/api/memories', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const malformed = await server.api('/api/memories', {
      method: 'POST',
      token: alice.token,
      headers: { 'content-type': 'application/json' },
      body: '{"key": "k", ',
    });
    expect(malformed.status).toBe(400);
    expect((await call(alice, 'PATCH', '/api/memories/k', { value: 'v'.repeat(10_001) })).status).toBe(400);
    expect((await call(alice, 'PATCH', `/api/memories/${'k'.repeat(101)}`, { value: 'v' })).status).toBe(400);
    expect((await call(alice, 'PATCH', '/api/memories/preferences', { memories: 'yes' })).status).toBe(400);
    expect((await list(alice)).memories).toEqual([]);
    // A key the body does not know (here another user's id) is dropped, never used or stored.
    const stripped = await call(alice, 'POST', '/api/memories', { key: 'mine', value: 'v', userId: bob.id });
    expect(stripped.status).toBe(201);
    expect((await list(bob)).memories).toEqual([]);
    expect(JSON.stringify((await list(alice)).memories)).not.toContain(bob.id);
    expect((await call(alice, 'DELETE', '/api/memories/mine')).status).toBeLessThan(300);
    expect((await list(alice)).memories).toEqual([]);
  });

  it('refuses a memory that would pass the token limit (would_exceed) and any growth once full (already_exceeded)', async () => {
    const long = 'word '.repeat(TOKEN_LIMIT + 5).trim();
    const tooBig = await call(alice, 'POST', '/api/memories', { key: 'essay', value: long });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({
      code: 'would_exceed',
      errorType: 'would_exceed',
      tokenLimit: TOKEN_LIMIT,
    });
    expect(tooBig.body.tokenCount).toBeGreaterThan(TOKEN_LIMIT);
    expect((await list(alice)).memories).toEqual([]);

    // Fill the store exactly: a value of TOKEN_LIMIT tokens.
    const fits = 'word '.repeat(TOKEN_LIMIT).trim();
    expect((await call(alice, 'POST', '/api/memories', { key: 'full', value: fits })).status).toBe(201);
    const full = await list(alice);
    expect(full.totalTokens).toBe(TOKEN_LIMIT);
    expect(full.usagePercentage).toBe(100);
    const more = await call(alice, 'POST', '/api/memories', { key: 'more', value: 'one more' });
    expect(more.body).toMatchObject({ code: 'already_exceeded', tokenCount: TOKEN_LIMIT });
    // Shrinking a memory of a full store is allowed.
    expect((await call(alice, 'PATCH', '/api/memories/full', { value: 'short' })).status).toBe(200);

    // Concurrent writes cannot together overfill the store.
    const half = 'word '.repeat(TOKEN_LIMIT / 2).trim();
    await call(alice, 'DELETE', '/api/memories/full');
    const results = await Promise.all(
      ['a', 'b', 'c'].map((key) => call(alice, 'POST', '/api/memories', { key, value: half })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect((await list(alice)).totalTokens).toBeLessThanOrEqual(TOKEN_LIMIT);
    for (const key of ['a', 'b', 'c']) await call(alice, 'DELETE', `/api/memories/${key}`);
  });

  it('applies the MEMORIES permissions an administrator sets for a role', async () => {
    await call(alice, 'POST', '/api/memories', { key: 'kept', value: 'stays' });
    const set = (flags: Record<string, boolean>) => call(admin, 'PUT', '/api/roles/user/memories', flags);
    expect((await call(alice, 'PUT', '/api/roles/user/memories', { READ: false })).status).toBe(403);

    expect((await set({ READ: false })).status).toBe(200);
    expect((await call(alice, 'GET', '/api/memories')).status).toBe(403);
    await set({ READ: true, CREATE: false });
    expect((await call(alice, 'POST', '/api/memories', { key: 'new', value: 'v' })).status).toBe(403);
    await set({ CREATE: true, UPDATE: false });
    expect((await call(alice, 'PATCH', '/api/memories/kept', { value: 'changed' })).status).toBe(403);
    expect((await call(alice, 'DELETE', '/api/memories/kept')).status).toBe(403);
    await set({ UPDATE: true, OPT_OUT: false });
    const optOut = await call(alice, 'PATCH', '/api/memories/preferences', { memories: false });
    expect(optOut.status).toBe(403);
    expect(optOut.body.message).toBe('You are not allowed to change your memory preferences.');
    // Admins keep their own role's permissions.
    expect((await call(admin, 'GET', '/api/memories')).status).toBe(200);
    expect((await list(alice)).memories).toMatchObject([{ key: 'kept', value: 'stays' }]);
    await call(alice, 'DELETE', '/api/memories/kept');
  });

  it('stores the personalization preference per user', async () => {
    const off = await call(alice, 'PATCH', '/api/memories/preferences', { memories: false });
    expect(off).toEqual({ status: 200, body: { updated: true, preferences: { memories: false } } });
    expect((await list(alice)).preferences).toEqual({ memories: false });
    expect((await list(bob)).preferences).toEqual({ memories: true });
    await call(alice, 'PATCH', '/api/memories/preferences', { memories: true });
  });

  it('keeps to the memory section: valid keys, disabled, personalize off', async () => {
    const base = memorySettings({});
    const who = { id: alice.id, role: await getRole(server.ctx.db, 'USER') };
    const keyed = new MemoryService(server.ctx.db, { ...base, validKeys: ['name', 'job'] });
    await expect(keyed.create(who, { key: 'hobby', value: 'chess' })).rejects.toThrow(
      'Invalid key "hobby": allowed keys are name, job.',
    );
    const disabled = new MemoryService(server.ctx.db, { ...base, disabled: true });
    await expect(disabled.list(who)).rejects.toThrow('Memories are turned off on this server.');
    const fixed = new MemoryService(server.ctx.db, { ...base, personalize: false });
    await expect(fixed.setPreference(who, false)).rejects.toThrow('cannot be changed');
  });
});
