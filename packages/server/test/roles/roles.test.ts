import { DEFAULT_ADMIN_PERMISSIONS, DEFAULT_USER_PERMISSIONS } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

describe('/api/roles', () => {
  let server: TestServer;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server, { role: 'ADMIN' });
    user = await createTestUser(server);
  });
  afterAll(() => server.stop());

  it('lets a user read their own role only', async () => {
    const own = await server.api('/api/roles/USER', { token: user.token });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ name: 'USER', permissions: DEFAULT_USER_PERMISSIONS });
    expect((await server.api('/api/roles/ADMIN', { token: user.token })).status).toBe(403);
    expect((await server.api('/api/roles/USER')).status).toBe(401);
  });

  it('lets an admin read any role; unknown is 404', async () => {
    const res = await server.api('/api/roles/ADMIN', { token: admin.token });
    expect(await res.json()).toEqual({ name: 'ADMIN', permissions: DEFAULT_ADMIN_PERMISSIONS });
    expect((await server.api('/api/roles/USER', { token: admin.token })).status).toBe(200);
    expect((await server.api('/api/roles/NOPE', { token: admin.token })).status).toBe(404);
  });

  it('lets only admins update prompts, agents and memories flags', async () => {
    const put = (segment: string, json: unknown, token = admin.token, role = 'USER') =>
      server.api(`/api/roles/${role}/${segment}`, { method: 'PUT', json, token });

    expect((await put('prompts', { SHARED_GLOBAL: true }, user.token)).status).toBe(403);

    const res = await put('prompts', { SHARED_GLOBAL: true, USE: false });
    expect(res.status).toBe(200);
    const role = (await res.json()) as { name: string; permissions: typeof DEFAULT_USER_PERMISSIONS };
    expect(role.name).toBe('USER');
    expect(role.permissions.PROMPTS).toEqual({ SHARED_GLOBAL: true, USE: false, CREATE: true });
    expect(role.permissions.AGENTS).toEqual(DEFAULT_USER_PERMISSIONS.AGENTS);

    const memories = await put('memories', { OPT_OUT: false });
    expect(((await memories.json()) as typeof role).permissions.MEMORIES.OPT_OUT).toBe(false);
    const agents = await put('agents', { CREATE: false });
    expect(((await agents.json()) as typeof role).permissions.AGENTS.CREATE).toBe(false);

    // The user now reads the changed role.
    const seen = (await (await server.api('/api/roles/USER', { token: user.token })).json()) as typeof role;
    expect(seen.permissions.PROMPTS.USE).toBe(false);

    expect((await put('prompts', { USE: 'yes' })).status).toBe(400);
    // A flag Parley does not know is dropped, never stored.
    const unknownFlag = await put('prompts', { NOT_A_FLAG: true });
    expect(unknownFlag.status).toBe(200);
    expect(((await unknownFlag.json()) as typeof role).permissions.PROMPTS).not.toHaveProperty('NOT_A_FLAG');
    expect((await put('bookmarks', { USE: false })).status).toBe(404);
    expect((await put('prompts', { USE: true }, admin.token, 'NOPE')).status).toBe(404);
  });

  it('reads role names case-insensitively on every roles route', async () => {
    const own = await server.api('/api/roles/user', { token: user.token });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { name: string }).name).toBe('USER');
    expect((await server.api('/api/roles/User', { token: user.token })).status).toBe(200);
    // Case does not open another role to a user.
    expect((await server.api('/api/roles/admin', { token: user.token })).status).toBe(403);
    const adminRole = await server.api('/api/roles/admin', { token: admin.token });
    expect(await adminRole.json()).toEqual({ name: 'ADMIN', permissions: DEFAULT_ADMIN_PERMISSIONS });

    for (const segment of ['prompts', 'agents', 'memories']) {
      const res = await server.api(`/api/roles/admin/${segment}`, {
        method: 'PUT',
        json: {},
        token: admin.token,
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { name: string }).name).toBe('ADMIN');
    }
    const put = await server.api('/api/roles/user/agents', {
      method: 'PUT',
      json: { SHARED_GLOBAL: true },
      token: admin.token,
    });
    expect(put.status).toBe(200);
    const updated = (await put.json()) as { name: string; permissions: typeof DEFAULT_USER_PERMISSIONS };
    expect(updated.name).toBe('USER');
    const seen = (await (
      await server.api('/api/roles/USER', { token: user.token })
    ).json()) as typeof updated;
    expect(seen.permissions.AGENTS).toEqual(updated.permissions.AGENTS);
  });
});
