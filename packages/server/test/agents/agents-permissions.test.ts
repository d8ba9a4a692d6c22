import type { Agent, AgentSummary } from '@parley/schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { updateRolePermissions } from '../../src/services/roles/role-service.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { agentBody, agentClient } from './agent-client.ts';

describe('agent permissions (author, other user, admin; USE, CREATE, SHARED_GLOBAL)', () => {
  let server: TestServer;
  let author: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let client: ReturnType<typeof agentClient>;
  let privateAgent: Agent;
  let sharedAgent: Agent;

  beforeAll(async () => {
    server = await startTestServer();
    client = agentClient(server);
    author = await createTestUser(server, { name: 'Author' });
    other = await createTestUser(server, { name: 'Other' });
    admin = await createTestUser(server, { role: 'ADMIN', name: 'Admin' });
    privateAgent = await client.create(author, { name: 'Private one', instructions: 'private rules' });
    sharedAgent = await client.create(author, { name: 'Shared one', instructions: 'shared rules' });
    await client.shareToAll(admin, sharedAgent.id);
  });
  afterAll(() => server.stop());
  afterEach(async () => {
    // Each test may flip flags; put the spec's defaults back.
    await updateRolePermissions(server.ctx.db, 'USER', 'AGENTS', {
      USE: true,
      CREATE: true,
      SHARED_GLOBAL: false,
    });
    await updateRolePermissions(server.ctx.db, 'ADMIN', 'AGENTS', {
      USE: true,
      CREATE: true,
      SHARED_GLOBAL: true,
    });
  });

  /** Every change of an agent, as [method, path, body]. */
  const writes = (id: string): [string, string, unknown?][] => [
    ['PATCH', `/api/agents/${id}`, { name: 'Hijacked' }],
    ['POST', `/api/agents/${id}/duplicate`],
    ['POST', `/api/agents/${id}/revert`, { version: 1 }],
    ['DELETE', `/api/agents/${id}`],
  ];

  it('another user gets 404 for everything about an agent they cannot see', async () => {
    for (const [method, path, body] of [
      ['GET', `/api/agents/${privateAgent.id}`],
      ['GET', `/api/agents/${privateAgent.id}/versions`],
      ...writes(privateAgent.id),
    ] as [string, string, unknown?][]) {
      expect((await client.call(other, method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    const list = await client.list(other, '?limit=100');
    expect(list.data.map((a) => a.name)).toEqual(['Shared one']);
    expect((await client.get(author, privateAgent.id)).name).toBe('Private one');
  });

  it('an agent shared to all can be used by everyone but changed only by its author or an admin', async () => {
    const seen = await client.get<AgentSummary>(other, sharedAgent.id);
    expect(seen).toMatchObject({
      id: sharedAgent.id,
      name: 'Shared one',
      author: author.id,
      projectIds: ['instance'],
    });
    // Users of a shared agent do not see how it is made.
    expect(seen).not.toHaveProperty('instructions');
    expect(seen).not.toHaveProperty('tools');
    expect(seen).not.toHaveProperty('model_parameters');
    const listed = (await client.list(other)).data.find((a) => a.id === sharedAgent.id)!;
    expect(listed).not.toHaveProperty('instructions');
    expect((await client.call(other, 'GET', `/api/agents/${sharedAgent.id}/versions`)).status).toBe(403);
    for (const [method, path, body] of writes(sharedAgent.id)) {
      expect((await client.call(other, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await client.get(author, sharedAgent.id)).name).toBe('Shared one');
  });

  it('an admin may open, change, version and delete any agent, private ones included', async () => {
    const target = await client.create(author, { name: 'Admin target' });
    expect((await client.get(admin, target.id)).instructions).toBe('');
    const changed = await client.update(admin, target.id, { instructions: 'fixed by admin' });
    expect(changed).toMatchObject({ version: 2, author: author.id });
    const versions = await client.versions(admin, target.id);
    expect(versions[0]).toMatchObject({ version: 2, updatedBy: admin.id });
    const copy = await client.ok<Agent>(
      await client.call(admin, 'POST', `/api/agents/${target.id}/duplicate`),
      201,
    );
    expect(copy.author).toBe(admin.id);
    expect((await client.call(admin, 'DELETE', `/api/agents/${target.id}`)).status).toBe(200);
    // An admin's list is their own and the shared ones, as for everyone.
    expect((await client.list(admin, '?limit=100')).data.map((a) => a.id)).not.toContain(privateAgent.id);
  });

  it('sharing with all users needs SHARED_GLOBAL, which users lack by default', async () => {
    const own = await client.create(other, { name: 'Mine' });
    for (const body of [{ projectIds: ['instance'] }, { removeProjectIds: ['instance'] }]) {
      const res = await client.call(other, 'PATCH', `/api/agents/${own.id}`, body);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(
        'You do not have permission to share agents with all users.',
      );
    }
    await updateRolePermissions(server.ctx.db, 'USER', 'AGENTS', { SHARED_GLOBAL: true });
    const shared = await client.shareToAll(other, own.id);
    expect(shared.projectIds).toEqual(['instance']);
    // Sharing is not a new version of the definition.
    expect(shared.version).toBe(1);
    const unshared = await client.update(other, own.id, { removeProjectIds: ['instance'] });
    expect(unshared.projectIds).toEqual([]);
    const unknown = await client.call(other, 'PATCH', `/api/agents/${own.id}`, { projectIds: ['elsewhere'] });
    expect(unknown.status).toBe(400);
  });

  it('without AGENTS.USE every agent route is a 403', async () => {
    await updateRolePermissions(server.ctx.db, 'USER', 'AGENTS', { USE: false });
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/agents'],
      ['GET', '/api/agents/categories'],
      ['POST', '/api/agents', agentBody()],
      ['GET', `/api/agents/${sharedAgent.id}`],
      ['GET', `/api/agents/${sharedAgent.id}/versions`],
      ...writes(sharedAgent.id),
    ];
    for (const [method, path, body] of calls) {
      const res = await client.call(other, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(
        'You do not have permission to use agents.',
      );
    }
  });

  it('an agent run checks AGENTS.USE and who may see the agent, as the routes do', async () => {
    // The run takes the caller's role from the session check and the roles cache, not a read of
    // the user: a role change still applies to the next run.
    const run = (user: TestUser, agentId: string) =>
      client.call(user, 'POST', '/api/agents/chat/agents', {
        text: 'hello',
        parentMessageId: '00000000-0000-0000-0000-000000000000',
        conversationId: null,
        endpoint: 'agents',
        agent_id: agentId,
      });
    const hidden = await run(other, privateAgent.id);
    expect(hidden.status).toBe(404);
    await updateRolePermissions(server.ctx.db, 'USER', 'AGENTS', { USE: false });
    const refused = await run(other, sharedAgent.id);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'You do not have permission to use agents.',
    );
  });

  it('without AGENTS.CREATE an author may use but not create or change agents', async () => {
    const own = await client.create(other, { name: 'Before the change' });
    await updateRolePermissions(server.ctx.db, 'USER', 'AGENTS', { CREATE: false });
    expect((await client.call(other, 'POST', '/api/agents', agentBody())).status).toBe(403);
    for (const [method, path, body] of writes(own.id)) {
      expect((await client.call(other, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await client.get(other, own.id)).name).toBe('Before the change');
    expect((await client.list(other)).data.map((a) => a.id)).toContain(own.id);
  });

  it('signed out, every agent route is a 401', async () => {
    for (const path of ['/api/agents', `/api/agents/${sharedAgent.id}`, '/api/agents/categories']) {
      expect((await server.api(path)).status, path).toBe(401);
    }
  });
});
