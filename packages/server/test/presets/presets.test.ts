import type { Preset } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe('preset routes', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createTestUser(server);
    bob = await createTestUser(server);
  });
  afterAll(() => server.stop());

  const save = async (user: TestUser, json: unknown) => {
    const res = await server.api('/api/presets', { method: 'POST', json, token: user.token });
    return { status: res.status, body: (await res.json()) as Preset & { message?: string } };
  };
  const list = async (user: TestUser) =>
    (await (await server.api('/api/presets', { token: user.token })).json()) as Preset[];

  it('creates a preset with its setup spread in, and lists only the caller’s', async () => {
    const { status, body } = await save(alice, {
      title: 'Precise',
      endpoint: 'Demo',
      model: 'echo',
      temperature: '0.2',
      promptPrefix: 'Be brief',
      unknownField: 'dropped',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      title: 'Precise',
      endpoint: 'Demo',
      model: 'echo',
      temperature: 0.2,
      promptPrefix: 'Be brief',
      defaultPreset: false,
    });
    expect(body).not.toHaveProperty('unknownField');
    expect((await list(alice)).map((p) => p.presetId)).toEqual([body.presetId]);
    expect(await list(bob)).toEqual([]);
  });

  it('replaces by presetId and keeps a single default', async () => {
    const a = (await save(alice, { title: 'A', endpoint: 'Demo', model: 'echo', defaultPreset: true })).body;
    const b = (await save(alice, { title: 'B', endpoint: 'Demo', model: 'slow', defaultPreset: true })).body;
    let all = await list(alice);
    expect(all.filter((p) => p.defaultPreset).map((p) => p.presetId)).toEqual([b.presetId]);
    const renamed = (
      await save(alice, { presetId: a.presetId, title: 'A2', endpoint: 'Demo', model: 'echo' })
    ).body;
    expect(renamed.presetId).toBe(a.presetId);
    all = await list(alice);
    expect(all.find((p) => p.presetId === a.presetId)?.title).toBe('A2');
  });

  it('never touches another user’s preset: a foreign presetId creates a new one', async () => {
    const mine = (await save(alice, { title: 'Mine', endpoint: 'Demo' })).body;
    const theirs = (await save(bob, { presetId: mine.presetId, title: 'Hijack', endpoint: 'Demo' })).body;
    expect(theirs.presetId).not.toBe(mine.presetId);
    expect((await list(alice)).find((p) => p.presetId === mine.presetId)?.title).toBe('Mine');
    const res = await server.api('/api/presets/delete', {
      method: 'POST',
      json: { presetId: mine.presetId },
      token: bob.token,
    });
    expect(await res.json()).toEqual({ acknowledged: true, deletedCount: 0 });
  });

  it('rejects bad input with 400 and issues', async () => {
    for (const json of [
      {},
      { endpoint: '' },
      { endpoint: 'Demo', temperature: 9 },
      { endpoint: 'Demo', stop: ['a', 'b', 'c', 'd', 'e'] },
      'nope',
    ]) {
      const { status, body } = await save(alice, json);
      expect(status).toBe(400);
      expect(body.message).toBeTruthy();
    }
    expect((await server.api('/api/presets')).status).toBe(401);
  });

  it('deletes one preset, then all', async () => {
    const one = (await save(bob, { title: 'One', endpoint: 'Demo' })).body;
    await save(bob, { title: 'Two', endpoint: 'Demo' });
    const before = (await list(bob)).length;
    let res = await server.api('/api/presets/delete', {
      method: 'POST',
      json: { presetId: one.presetId },
      token: bob.token,
    });
    expect(await res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await list(bob)).length).toBe(before - 1);
    res = await server.api('/api/presets/delete', { method: 'POST', json: {}, token: bob.token });
    expect(((await res.json()) as { deletedCount: number }).deletedCount).toBe(before - 1);
    expect(await list(bob)).toEqual([]);
  });
});
