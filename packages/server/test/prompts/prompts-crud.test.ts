import type { PromptGroup, PromptGroupPage, PromptVersion } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptGroups, prompts, users } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { promptClient } from './prompt-client.ts';

describe('prompt library API', () => {
  let server: TestServer;
  let ada: TestUser;
  let client: ReturnType<typeof promptClient>;
  beforeAll(async () => {
    server = await startTestServer();
    client = promptClient(server);
    ada = await createTestUser(server, { name: 'Ada' });
  });
  afterAll(() => server.stop());

  it('creates a group whose first version is production', async () => {
    const res = await client.call(ada, 'POST', '/api/prompts', {
      prompt: { prompt: 'Summarise {{text}}', type: 'text' },
      group: { name: '  Summary  ', category: 'write', oneliner: 'Short summaries', command: 'Sum Up!' },
    });
    expect(res.status).toBe(200);
    const { prompt, group } = (await res.json()) as { prompt: PromptVersion; group: PromptGroup };
    expect(prompt).toMatchObject({
      groupId: group._id,
      author: ada.id,
      type: 'text',
      prompt: 'Summarise {{text}}',
    });
    expect(group).toMatchObject({
      name: 'Summary',
      category: 'write',
      oneliner: 'Short summaries',
      command: 'sum-up',
      author: ada.id,
      authorName: 'Ada',
      productionId: prompt._id,
      productionPrompt: { prompt: 'Summarise {{text}}' },
      projectIds: [],
      numberOfGenerations: 0,
    });
    expect(new Date(group.createdAt).getTime()).not.toBeNaN();
    expect(await client.getJson(ada, `/api/prompts/groups/${group._id}`)).toEqual(group);
    expect(await client.getJson(ada, `/api/prompts/${prompt._id}`)).toEqual(prompt);
  });

  it('omits an empty command and defaults category, oneliner and type', async () => {
    const res = await client.call(ada, 'POST', '/api/prompts', {
      prompt: { prompt: 'Hi', groupId: '' },
      group: { name: 'Bare', command: '  !!' },
    });
    expect(res.status).toBe(200);
    const { prompt, group } = (await res.json()) as { prompt: PromptVersion; group: PromptGroup };
    expect(prompt.type).toBe('text');
    expect(group).toMatchObject({ category: '', oneliner: '' });
    expect(group).not.toHaveProperty('command');
  });

  it('adds versions (newest first) and moves production on request', async () => {
    const { group, prompt: v1 } = await client.create(ada, { name: 'Versions' }, 'one');
    const v2 = await client.addVersion(ada, group._id, 'two');
    const chat = await client.call(ada, 'POST', '/api/prompts', {
      prompt: { prompt: 'three', type: 'chat', groupId: group._id },
    });
    expect(chat.status).toBe(200);
    const v3 = ((await chat.json()) as { prompt: PromptVersion }).prompt;
    expect(v3).toMatchObject({ type: 'chat', groupId: group._id });

    const versions = await client.getJson<PromptVersion[]>(ada, `/api/prompts?groupId=${group._id}`);
    expect(versions.map((v) => v.prompt)).toEqual(['three', 'two', 'one']);
    // A new version does not become production by itself.
    expect((await client.getJson<PromptGroup>(ada, `/api/prompts/groups/${group._id}`)).productionId).toBe(
      v1._id,
    );

    const make = await client.call(ada, 'PATCH', `/api/prompts/${v2._id}/tags/production`);
    expect(make.status).toBe(200);
    expect(await make.json()).toEqual({ message: 'Prompt production made successfully' });
    const after = await client.getJson<PromptGroup>(ada, `/api/prompts/groups/${group._id}`);
    expect(after).toMatchObject({ productionId: v2._id, productionPrompt: { prompt: 'two' } });
  });

  it('deletes versions: production moves to the newest remaining, the last one takes the group', async () => {
    const { group, prompt: v1 } = await client.create(ada, { name: 'Deletion' }, 'one');
    const v2 = await client.addVersion(ada, group._id, 'two');
    const v3 = await client.addVersion(ada, group._id, 'three');
    await client.call(ada, 'PATCH', `/api/prompts/${v2._id}/tags/production`);

    // Deleting a version that is not production leaves production alone.
    let res = await client.call(ada, 'DELETE', `/api/prompts/${v3._id}?groupId=${group._id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ prompt: 'Prompt deleted successfully' });
    expect((await client.getJson<PromptGroup>(ada, `/api/prompts/groups/${group._id}`)).productionId).toBe(
      v2._id,
    );

    const v4 = await client.addVersion(ada, group._id, 'four');
    res = await client.call(ada, 'DELETE', `/api/prompts/${v2._id}?groupId=${group._id}`);
    expect(await res.json()).toEqual({ prompt: 'Prompt deleted successfully' });
    expect(await client.getJson<PromptGroup>(ada, `/api/prompts/groups/${group._id}`)).toMatchObject({
      productionId: v4._id,
      productionPrompt: { prompt: 'four' },
    });

    // The group id must match the version's group.
    const other = await client.create(ada, { name: 'Other' });
    res = await client.call(ada, 'DELETE', `/api/prompts/${v1._id}?groupId=${other.group._id}`);
    expect(res.status).toBe(404);

    await client.call(ada, 'DELETE', `/api/prompts/${v4._id}`);
    res = await client.call(ada, 'DELETE', `/api/prompts/${v1._id}?groupId=${group._id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      prompt: 'Prompt deleted successfully',
      promptGroup: { message: 'Prompt group deleted successfully', id: group._id },
    });
    expect((await client.call(ada, 'GET', `/api/prompts/groups/${group._id}`)).status).toBe(404);
    expect((await client.call(ada, 'GET', `/api/prompts/${v1._id}`)).status).toBe(404);
  });

  it('updates name, category, description and command', async () => {
    const { group } = await client.create(ada, { name: 'Editable', category: 'code', command: 'edit' });
    const res = await client.call(ada, 'PATCH', `/api/prompts/groups/${group._id}`, {
      name: ' Renamed ',
      category: 'my own category',
      oneliner: 'x'.repeat(120),
      command: 'New Command 2',
    });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as PromptGroup;
    expect(updated).toMatchObject({
      _id: group._id,
      name: 'Renamed',
      category: 'my own category',
      oneliner: 'x'.repeat(120),
      command: 'new-command-2',
      productionPrompt: group.productionPrompt,
    });
    expect(updated.updatedAt >= group.updatedAt).toBe(true);

    // An empty command removes it; an empty body changes nothing.
    const cleared = await client.call(ada, 'PATCH', `/api/prompts/groups/${group._id}`, { command: '' });
    expect(await cleared.json()).not.toHaveProperty('command');
    const same = await client.call(ada, 'PATCH', `/api/prompts/groups/${group._id}`, {});
    expect(same.status).toBe(200);
    expect(await same.json()).toMatchObject({ name: 'Renamed', category: 'my own category' });
  });

  it('deletes a group with all its versions', async () => {
    const { group, prompt } = await client.create(ada, { name: 'Doomed' });
    await client.addVersion(ada, group._id, 'second');
    const res = await client.call(ada, 'DELETE', `/api/prompts/groups/${group._id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ promptGroup: 'Prompt group deleted successfully' });
    expect(await server.ctx.db.select().from(prompts).where(eq(prompts.groupId, group._id))).toEqual([]);
    expect((await client.call(ada, 'GET', `/api/prompts/${prompt._id}`)).status).toBe(404);
    expect((await client.call(ada, 'DELETE', `/api/prompts/groups/${group._id}`)).status).toBe(404);
  });

  it('lists the categories as i18n labels and values', async () => {
    const list = await client.getJson<{ label: string; value: string }[]>(ada, '/api/categories');
    expect(list.map((c) => c.value).sort()).toEqual(
      ['code', 'finance', 'idea', 'misc', 'roleplay', 'shop', 'teach_or_explain', 'travel', 'write'].sort(),
    );
    expect(list).toContainEqual({ label: 'com_ui_teach_or_explain', value: 'teach_or_explain' });
    expect((await server.api('/api/categories')).status).toBe(401);
  });

  it('deleting a user deletes their groups and versions', async () => {
    const gone = await createTestUser(server, { name: 'Gone' });
    const { group } = await client.create(gone, { name: 'Orphan' });
    await client.addVersion(gone, group._id, 'v2');
    await server.ctx.db.delete(users).where(eq(users.id, gone.id));
    expect(await server.ctx.db.select().from(promptGroups).where(eq(promptGroups.id, group._id))).toEqual([]);
    expect(await server.ctx.db.select().from(prompts).where(eq(prompts.groupId, group._id))).toEqual([]);
  });

  it("a deleted admin takes their versions in another user's group; production falls back to null", async () => {
    const admin = await createTestUser(server, { role: 'ADMIN', name: 'Admin' });
    const { group } = await client.create(ada, { name: 'Admin edited' }, 'by ada');
    const byAdmin = await client.addVersion(admin, group._id, 'by admin');
    await client.call(admin, 'PATCH', `/api/prompts/${byAdmin._id}/tags/production`);
    await server.ctx.db.delete(users).where(eq(users.id, admin.id));
    const after = await client.getJson<PromptGroup>(ada, `/api/prompts/groups/${group._id}`);
    expect(after).toMatchObject({ productionId: null, productionPrompt: null });
    const versions = await client.getJson<PromptVersion[]>(ada, `/api/prompts?groupId=${group._id}`);
    expect(versions.map((v) => v.prompt)).toEqual(['by ada']);
  });
});

describe('prompt group lists', () => {
  let server: TestServer;
  let me: TestUser;
  let other: TestUser;
  let client: ReturnType<typeof promptClient>;
  beforeAll(async () => {
    server = await startTestServer();
    client = promptClient(server);
    me = await createTestUser(server, { name: 'Me' });
    other = await createTestUser(server, { name: 'Other' });
    const admin = await createTestUser(server, { role: 'ADMIN' });
    await client.create(me, { name: 'Alpha code', category: 'code' });
    await client.create(me, { name: 'Beta plain' });
    await client.create(me, { name: '100%_literal', category: 'write' });
    const mineShared = await client.create(me, { name: 'Gamma shared mine', category: 'code' });
    await client.shareToAll(admin, mineShared.group._id);
    const shared = await client.create(other, { name: 'Delta shared', category: 'write' });
    await client.shareToAll(admin, shared.group._id);
    await client.create(other, { name: 'Epsilon private', category: 'code' });
  });
  afterAll(() => server.stop());

  const names = async (query: string) => {
    const page = await client.getJson<PromptGroupPage>(me, `/api/prompts/groups${query}`);
    return page.promptGroups.map((g) => g.name);
  };

  it('shows own and shared groups, newest first, with production text', async () => {
    const page = await client.getJson<PromptGroupPage>(me, '/api/prompts/groups');
    expect(page.promptGroups.map((g) => g.name)).toEqual([
      'Delta shared',
      'Gamma shared mine',
      '100%_literal',
      'Beta plain',
      'Alpha code',
    ]);
    expect(page).toMatchObject({ pageNumber: '1', pageSize: '10', pages: '1' });
    expect(page.promptGroups[0]).toMatchObject({
      productionPrompt: { prompt: 'Text of Delta shared' },
      projectIds: ['instance'],
      authorName: 'Other',
    });
    expect(await names('?category=sys__all__sys')).toHaveLength(5);
    expect(await names('?category=')).toHaveLength(5);
  });

  it('filters by my prompts, shared prompts, no category and a category', async () => {
    expect(await names('?category=sys__my__prompts__sys')).toEqual([
      'Gamma shared mine',
      '100%_literal',
      'Beta plain',
      'Alpha code',
    ]);
    expect(await names('?category=sys__shared__prompts__sys')).toEqual(['Delta shared']);
    expect(await names('?category=sys__no__category__sys')).toEqual(['Beta plain']);
    expect(await names('?category=code')).toEqual(['Gamma shared mine', 'Alpha code']);
    expect(await names('?category=write')).toEqual(['Delta shared', '100%_literal']);
    expect(await names('?category=nothing-here')).toEqual([]);
  });

  it('searches names case-insensitively, with % and _ taken literally', async () => {
    expect(await names('?name=SHARED')).toEqual(['Delta shared', 'Gamma shared mine']);
    expect(await names(`?name=${encodeURIComponent('%_')}`)).toEqual(['100%_literal']);
    expect(await names('?name=a_p')).toEqual([]);
    expect(await names('?name=code&category=sys__my__prompts__sys')).toEqual(['Alpha code']);
    expect(await names('?name=private')).toEqual([]);
  });

  it('pages with pageSize and pageNumber', async () => {
    const first = await client.getJson<PromptGroupPage>(me, '/api/prompts/groups?pageSize=2&pageNumber=1');
    const third = await client.getJson<PromptGroupPage>(me, '/api/prompts/groups?pageSize=2&pageNumber=3');
    expect(first).toMatchObject({ pageNumber: '1', pageSize: '2', pages: '3' });
    expect(first.promptGroups.map((g) => g.name)).toEqual(['Delta shared', 'Gamma shared mine']);
    expect(third.promptGroups.map((g) => g.name)).toEqual(['Alpha code']);
    const beyond = await client.getJson<PromptGroupPage>(me, '/api/prompts/groups?pageSize=2&pageNumber=9');
    expect(beyond).toMatchObject({ promptGroups: [], pages: '3' });
    const empty = await client.getJson<PromptGroupPage>(me, '/api/prompts/groups?category=nothing');
    expect(empty).toMatchObject({ promptGroups: [], pages: '0' });
  });

  it('GET /api/prompts/all lists what the caller may see, with the picker fields', async () => {
    const all = await client.getJson<PromptGroup[]>(me, '/api/prompts/all');
    expect(all.map((g) => g.name)).toHaveLength(5);
    expect(all.map((g) => g.name)).not.toContain('Epsilon private');
    expect(all[0]).toMatchObject({
      name: 'Delta shared',
      productionPrompt: { prompt: 'Text of Delta shared' },
    });
    const theirs = await client.getJson<PromptGroup[]>(other, '/api/prompts/all');
    expect(theirs.map((g) => g.name).sort()).toEqual([
      'Delta shared',
      'Epsilon private',
      'Gamma shared mine',
    ]);
    const filtered = await client.getJson<PromptGroup[]>(me, '/api/prompts/all?category=code&name=alpha');
    expect(filtered.map((g) => g.name)).toEqual(['Alpha code']);
  });
});
