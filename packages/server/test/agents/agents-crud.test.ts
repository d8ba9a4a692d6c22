import type { Agent, AgentCategoryOption, AgentListPage } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, uploadFile } from '../files/file-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { agentClient } from './agent-client.ts';

describe('agents: create, read, update, versions, duplicate, delete', () => {
  let server: TestServer;
  let ann: TestUser;
  let client: ReturnType<typeof agentClient>;

  beforeAll(async () => {
    server = await startTestServer();
    client = agentClient(server);
    ann = await createTestUser(server, { name: 'Ann' });
  });
  afterAll(() => server.stop());

  it('creates an agent with an agent_ id, the body fields and defaults, as version 1', async () => {
    const agent = await client.create(ann, {
      name: '  Travel planner ',
      description: 'Plans trips',
      instructions: 'Be brief.',
      model_parameters: { temperature: 0.3, top_p: 1 },
      conversation_starters: ['Plan a weekend', '', 'Find a train'],
      category: 'general',
    });
    expect(agent.id).toMatch(/^agent_[A-Za-z0-9_-]{22}$/);
    expect(agent).toMatchObject({
      name: 'Travel planner',
      description: 'Plans trips',
      instructions: 'Be brief.',
      provider: 'openAI',
      model: 'gpt-4o-mini',
      model_parameters: { temperature: 0.3, top_p: 1 },
      tools: [],
      tool_resources: {},
      conversation_starters: ['Plan a weekend', 'Find a train'],
      avatar: null,
      category: 'general',
      recursion_limit: null,
      author: ann.id,
      authorName: 'Ann',
      projectIds: [],
      version: 1,
    });
    expect(await client.get(ann, agent.id)).toEqual(agent);
    const versions = await client.versions(ann, agent.id);
    expect(versions.map((v) => [v.version, v.name, v.updatedBy])).toEqual([[1, 'Travel planner', ann.id]]);
  });

  it('an update that changes something makes a version; one that changes nothing does not', async () => {
    const agent = await client.create(ann, {
      name: 'Versioned',
      model_parameters: { temperature: 1, top_p: 0.5 },
    });
    const changed = await client.update(ann, agent.id, { instructions: 'New rules' });
    expect(changed).toMatchObject({ version: 2, instructions: 'New rules', name: 'Versioned' });

    // The same values again, parameters in another key order, and an empty body: no new version.
    const same = await client.update(ann, agent.id, {
      instructions: 'New rules',
      model_parameters: { top_p: 0.5, temperature: 1 },
    });
    expect(same.version).toBe(2);
    expect(same.updatedAt).toBe(changed.updatedAt);
    expect((await client.update(ann, agent.id, {})).version).toBe(2);

    expect((await client.versions(ann, agent.id)).map((v) => [v.version, v.instructions])).toEqual([
      [2, 'New rules'],
      [1, ''],
    ]);
  });

  it('reverts to an earlier version as a new version; reverting to the current one changes nothing', async () => {
    const agent = await client.create(ann, { name: 'First name', instructions: 'one' });
    await client.update(ann, agent.id, { name: 'Second name', instructions: 'two' });
    const reverted = await client.ok<Agent>(
      await client.call(ann, 'POST', `/api/agents/${agent.id}/revert`, { version: 1 }),
    );
    expect(reverted).toMatchObject({ version: 3, name: 'First name', instructions: 'one' });
    const again = await client.ok<Agent>(
      await client.call(ann, 'POST', `/api/agents/${agent.id}/revert`, { version: 3 }),
    );
    expect(again.version).toBe(3);
    const missing = await client.call(ann, 'POST', `/api/agents/${agent.id}/revert`, { version: 9 });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('Version 9 not found');
    // The list reads the name column, which follows the reverted definition.
    const page = await client.list(ann, '?search=First%20name');
    expect(page.data.map((a) => a.id)).toEqual([agent.id]);
  });

  it('duplicates an agent as a private copy of the caller with version 1', async () => {
    const agent = await client.create(ann, { name: 'Original', instructions: 'secret sauce' });
    const copy = await client.ok<Agent>(
      await client.call(ann, 'POST', `/api/agents/${agent.id}/duplicate`),
      201,
    );
    expect(copy.id).not.toBe(agent.id);
    expect(copy).toMatchObject({
      name: 'Original (copy)',
      instructions: 'secret sauce',
      version: 1,
      projectIds: [],
      author: ann.id,
    });
  });

  it('deletes an agent with its versions; it is gone afterwards', async () => {
    const agent = await client.create(ann, { name: 'Doomed' });
    await client.update(ann, agent.id, { name: 'Doomed 2' });
    const res = await client.call(ann, 'DELETE', `/api/agents/${agent.id}`);
    expect(res.status).toBe(200);
    expect((await client.call(ann, 'GET', `/api/agents/${agent.id}`)).status).toBe(404);
    expect((await client.call(ann, 'GET', `/api/agents/${agent.id}/versions`)).status).toBe(404);
    expect((await client.call(ann, 'DELETE', `/api/agents/${agent.id}`)).status).toBe(404);
  });

  it('takes as avatar a picture the caller uploaded', async () => {
    const upload = await uploadFile(server, ann, await pngImage(32, 32), 'face.png', {
      path: '/api/files/images',
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const { filepath } = (await upload.json()) as { filepath: string };
    const agent = await client.create(ann, { name: 'With face', avatar: { filepath, source: 'local' } });
    expect(agent.avatar).toEqual({ filepath, source: 'local' });
    const picture = await server.api(filepath, { token: ann.token });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
  });

  describe('the list', () => {
    let bob: TestUser;
    beforeAll(async () => {
      bob = await createTestUser(server, { name: 'Bob' });
      for (let i = 1; i <= 7; i++) {
        await client.create(bob, {
          name: `Bob agent ${i}`,
          description: i % 2 ? 'odd one' : 'even one',
          category: i <= 2 ? 'finance' : 'general',
        });
      }
    });

    it('pages with limit and the cursor, newest change first, without repeats', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: AgentListPage = await client.list(bob, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        pages++;
        seen.push(...page.data.map((a) => a.name));
        expect(page.object).toBe('list');
        expect(page.first_id).toBe(page.data[0]?.id ?? null);
        cursor = page.after;
        expect(page.has_more).toBe(cursor !== null);
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1].map((i) => `Bob agent ${i}`));
    });

    it('a change moves an agent to the top', async () => {
      const first = await client.list(bob, '?limit=7');
      const oldest = first.data.at(-1)!;
      await client.update(bob, oldest.id, { instructions: 'touched' });
      expect((await client.list(bob, '?limit=1')).data[0]!.id).toBe(oldest.id);
    });

    it('searches name and description, case-insensitive, and filters by category', async () => {
      const odd = await client.list(bob, '?search=ODD&limit=100');
      expect(odd.data).toHaveLength(4);
      const named = await client.list(bob, '?search=agent%203');
      expect(named.data.map((a) => a.name)).toEqual(['Bob agent 3']);
      const literal = await client.list(bob, '?search=%25');
      expect(literal.data).toEqual([]);
      const finance = await client.list(bob, '?category=finance');
      expect(finance.data.map((a) => a.name).sort()).toEqual(['Bob agent 1', 'Bob agent 2']);
    });

    it('counts agents per category', async () => {
      const res = await client.call(bob, 'GET', '/api/agents/categories');
      const categories = await client.ok<AgentCategoryOption[]>(res);
      expect(categories.find((c) => c.value === 'finance')).toEqual({
        value: 'finance',
        label: 'com_agents_category_finance',
        count: 2,
      });
      expect(categories.find((c) => c.value === 'general')?.count).toBe(5);
      expect(categories.map((c) => c.value)).toEqual([
        'general',
        'hr',
        'rd',
        'finance',
        'it',
        'sales',
        'aftersales',
      ]);
    });

    it('refuses a cursor it did not give out', async () => {
      for (const cursor of ['nonsense', Buffer.from('[1,2]').toString('base64url'), 'x'.repeat(3000)]) {
        const res = await client.call(bob, 'GET', `/api/agents?cursor=${cursor}`);
        expect(res.status, cursor).toBe(400);
      }
    });
  });
});
