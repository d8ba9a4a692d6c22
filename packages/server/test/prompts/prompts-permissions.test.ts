import type { PromptGroup, PromptGroupPage } from '@parley/schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { updateRolePermissions } from '../../src/services/roles/role-service.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { promptClient } from './prompt-client.ts';

describe('prompt permissions', () => {
  let server: TestServer;
  let author: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let client: ReturnType<typeof promptClient>;
  let privateGroup: { group: PromptGroup; versionId: string };
  let sharedGroup: { group: PromptGroup; versionId: string };

  beforeAll(async () => {
    server = await startTestServer();
    client = promptClient(server);
    author = await createTestUser(server, { name: 'Author' });
    other = await createTestUser(server, { name: 'Other' });
    admin = await createTestUser(server, { role: 'ADMIN', name: 'Admin' });
    const p = await client.create(author, { name: 'Private one' });
    privateGroup = { group: p.group, versionId: p.prompt._id };
    const s = await client.create(author, { name: 'Shared one' });
    await client.shareToAll(admin, s.group._id);
    sharedGroup = { group: s.group, versionId: s.prompt._id };
  });
  afterAll(() => server.stop());
  afterEach(async () => {
    // Each test may flip flags; put the spec's defaults back.
    await updateRolePermissions(server.ctx.db, 'USER', 'PROMPTS', {
      USE: true,
      CREATE: true,
      SHARED_GLOBAL: false,
    });
    await updateRolePermissions(server.ctx.db, 'ADMIN', 'PROMPTS', {
      USE: true,
      CREATE: true,
      SHARED_GLOBAL: true,
    });
  });

  /** Every write on a group and its version, as [method, path, body]. */
  const writes = (g: { group: PromptGroup; versionId: string }): [string, string, unknown?][] => [
    ['PATCH', `/api/prompts/groups/${g.group._id}`, { name: 'Hijacked' }],
    ['POST', '/api/prompts', { prompt: { prompt: 'more', groupId: g.group._id } }],
    ['PATCH', `/api/prompts/${g.versionId}/tags/production`],
    ['DELETE', `/api/prompts/${g.versionId}?groupId=${g.group._id}`],
    ['DELETE', `/api/prompts/groups/${g.group._id}`],
  ];
  const reads = (g: { group: PromptGroup; versionId: string }): string[] => [
    `/api/prompts/groups/${g.group._id}`,
    `/api/prompts?groupId=${g.group._id}`,
    `/api/prompts/${g.versionId}`,
  ];

  it('another user gets 404 for everything about a group they cannot see', async () => {
    for (const path of reads(privateGroup)) {
      expect((await client.call(other, 'GET', path)).status, path).toBe(404);
    }
    for (const [method, path, body] of writes(privateGroup)) {
      expect((await client.call(other, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    const lists = await client.getJson<PromptGroupPage>(other, '/api/prompts/groups');
    expect(lists.promptGroups.map((g) => g.name)).toEqual(['Shared one']);
    const all = await client.getJson<PromptGroup[]>(other, '/api/prompts/all');
    expect(all.map((g) => g.name)).toEqual(['Shared one']);
  });

  it('a group shared to all is readable by everyone with USE, changeable only by its author', async () => {
    for (const path of reads(sharedGroup)) {
      expect((await client.call(other, 'GET', path)).status, path).toBe(200);
    }
    for (const [method, path, body] of writes(sharedGroup)) {
      expect((await client.call(other, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    const group = await client.getJson<PromptGroup>(other, `/api/prompts/groups/${sharedGroup.group._id}`);
    expect(group).toMatchObject({ name: 'Shared one', projectIds: ['instance'] });
  });

  it('an admin reads and changes any group, shared or not', async () => {
    const { group, prompt } = await client.create(author, { name: 'Admin target' });
    expect((await client.call(admin, 'GET', `/api/prompts/groups/${group._id}`)).status).toBe(200);
    expect((await client.call(admin, 'GET', `/api/prompts?groupId=${group._id}`)).status).toBe(200);
    const renamed = await client.call(admin, 'PATCH', `/api/prompts/groups/${group._id}`, {
      name: 'By admin',
    });
    expect(renamed.status).toBe(200);
    const v2 = await client.addVersion(admin, group._id, 'admin version');
    expect(v2.author).toBe(admin.id);
    expect((await client.call(admin, 'PATCH', `/api/prompts/${v2._id}/tags/production`)).status).toBe(200);
    expect((await client.call(admin, 'DELETE', `/api/prompts/${prompt._id}`)).status).toBe(200);
    expect((await client.call(admin, 'DELETE', `/api/prompts/groups/${group._id}`)).status).toBe(200);
    // Lists stay own + shared for admins too: the library is not an admin console.
    const page = await client.getJson<PromptGroupPage>(admin, '/api/prompts/groups');
    expect(page.promptGroups.map((g) => g.name)).toEqual(['Shared one']);
  });

  it('sharing to all users needs SHARED_GLOBAL, in both directions', async () => {
    const { group } = await client.create(author, { name: 'Share me' });
    const share = { projectIds: ['instance'] };
    expect((await client.call(author, 'PATCH', `/api/prompts/groups/${group._id}`, share)).status).toBe(403);
    expect(
      (await client.getJson<PromptGroup>(author, `/api/prompts/groups/${group._id}`)).projectIds,
    ).toEqual([]);

    await updateRolePermissions(server.ctx.db, 'USER', 'PROMPTS', { SHARED_GLOBAL: true });
    const shared = await client.call(author, 'PATCH', `/api/prompts/groups/${group._id}`, share);
    expect(shared.status).toBe(200);
    expect(((await shared.json()) as PromptGroup).projectIds).toEqual(['instance']);
    // Sharing twice keeps one entry.
    expect((await client.shareToAll(author, group._id)).projectIds).toEqual(['instance']);
    expect((await client.call(other, 'GET', `/api/prompts/groups/${group._id}`)).status).toBe(200);

    await updateRolePermissions(server.ctx.db, 'USER', 'PROMPTS', { SHARED_GLOBAL: false });
    const unshare = { removeProjectIds: ['instance'] };
    expect((await client.call(author, 'PATCH', `/api/prompts/groups/${group._id}`, unshare)).status).toBe(
      403,
    );
    const byAdmin = await client.call(admin, 'PATCH', `/api/prompts/groups/${group._id}`, unshare);
    expect(((await byAdmin.json()) as PromptGroup).projectIds).toEqual([]);
    expect((await client.call(other, 'GET', `/api/prompts/groups/${group._id}`)).status).toBe(404);
  });

  it('without PROMPTS.USE every prompt route answers 403', async () => {
    await updateRolePermissions(server.ctx.db, 'USER', 'PROMPTS', { USE: false });
    const g = privateGroup;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/prompts/all'],
      ['GET', '/api/prompts/groups'],
      ['POST', '/api/prompts', { prompt: { prompt: 'x' }, group: { name: 'x' } }],
      ...reads(g).map((path): [string, string] => ['GET', path]),
      ...writes(g),
    ];
    for (const [method, path, body] of calls) {
      expect((await client.call(author, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    // The ADMIN role is not affected, and USE comes back with the flag.
    expect((await client.call(admin, 'GET', '/api/prompts/groups')).status).toBe(200);
    await updateRolePermissions(server.ctx.db, 'USER', 'PROMPTS', { USE: true });
    expect((await client.call(author, 'GET', '/api/prompts/groups')).status).toBe(200);
  });

  it('without PROMPTS.CREATE reads work but creating and changing answer 403', async () => {
    await updateRolePermissions(server.ctx.db, 'USER', 'PROMPTS', { CREATE: false });
    const create = { prompt: { prompt: 'x' }, group: { name: 'Not allowed' } };
    expect((await client.call(author, 'POST', '/api/prompts', create)).status).toBe(403);
    for (const [method, path, body] of writes(privateGroup)) {
      expect((await client.call(author, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    for (const path of reads(privateGroup)) {
      expect((await client.call(author, 'GET', path)).status, path).toBe(200);
    }
    const mine = await client.getJson<PromptGroupPage>(
      author,
      '/api/prompts/groups?category=sys__my__prompts__sys',
    );
    expect(mine.promptGroups.map((g) => g.name)).not.toContain('Not allowed');
  });

  it('ADMIN flags apply to admins too', async () => {
    await updateRolePermissions(server.ctx.db, 'ADMIN', 'PROMPTS', { SHARED_GLOBAL: false });
    const res = await client.call(admin, 'PATCH', `/api/prompts/groups/${privateGroup.group._id}`, {
      projectIds: ['instance'],
    });
    expect(res.status).toBe(403);
    await updateRolePermissions(server.ctx.db, 'ADMIN', 'PROMPTS', { USE: false });
    expect((await client.call(admin, 'GET', '/api/prompts/all')).status).toBe(403);
  });

  it('answers 401 without a valid token', async () => {
    for (const path of [
      '/api/prompts/all',
      '/api/prompts/groups',
      `/api/prompts/${privateGroup.versionId}`,
    ]) {
      expect((await server.api(path)).status).toBe(401);
      expect((await server.api(path, { token: 'not-a-token' })).status).toBe(401);
    }
    const res = await server.api('/api/prompts', { method: 'POST', json: { prompt: { prompt: 'x' } } });
    expect(res.status).toBe(401);
  });
});
