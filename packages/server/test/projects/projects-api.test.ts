import type { Conversation, ConversationListPage, Project, ProjectDetail } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, insertConversation, json } from '../conversations/fixtures.ts';
import { seedIndexedFile } from '../files/indexed-file-seed.ts';
import { deleteUser } from '../../src/services/users/user-service.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

describe('projects API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const call = (user: TestUser, method: string, path: string, body?: unknown) =>
    callAs(server, user, method, path, body);
  const create = async (user: TestUser, body: Record<string, unknown> = { name: 'Research' }) => {
    const res = await call(user, 'POST', '/api/projects', body);
    expect(res.status).toBe(201);
    return json<Project>(res);
  };
  const share = async (owner: TestUser, projectId: string, member: TestUser, role: string) => {
    const res = await call(owner, 'PUT', `/api/projects/${projectId}/members`, { userId: member.id, role });
    expect(res.status).toBe(200);
  };

  it('creates, lists, reads, changes and deletes a project of its owner', async () => {
    const ann = await createTestUser(server);
    const made = await create(ann, {
      name: '  Launch  ',
      description: 'The spring launch',
      instructions: 'Answer as the launch team.',
      defaults: { endpoint: 'openAI', model: 'gpt-4o' },
    });
    expect(made).toMatchObject({
      name: 'Launch',
      role: 'owner',
      defaults: { endpoint: 'openAI', model: 'gpt-4o' },
    });

    const list = await json<Project[]>(await call(ann, 'GET', '/api/projects'));
    expect(list.map((p) => p.id)).toEqual([made.id]);

    const detail = await json<ProjectDetail>(await call(ann, 'GET', `/api/projects/${made.id}`));
    expect(detail.instructions).toBe('Answer as the launch team.');
    expect(detail.members).toEqual([expect.objectContaining({ userId: ann.id, role: 'owner' })]);
    expect(detail.files).toEqual([]);

    const patched = await call(ann, 'PATCH', `/api/projects/${made.id}`, { instructions: 'Be terse.' });
    expect(patched.status).toBe(200);
    expect((await json<Project>(patched)).instructions).toBe('Be terse.');

    const deleted = await call(ann, 'DELETE', `/api/projects/${made.id}`);
    expect(await json(deleted)).toEqual({ deleted: true, conversationsMoved: 0 });
    expect((await call(ann, 'GET', `/api/projects/${made.id}`)).status).toBe(404);
  });

  it("answers 404 for every route on another user's project, and changes nothing", async () => {
    const owner = await createTestUser(server);
    const stranger = await createTestUser(server);
    const project = await create(owner, { name: 'Private', instructions: 'secret' });
    const base = `/api/projects/${project.id}`;
    const attempts: [string, string, unknown?][] = [
      ['GET', base],
      ['PATCH', base, { name: 'Mine now' }],
      ['DELETE', base],
      ['POST', `${base}/files`, { file_id: 'x' }],
      ['DELETE', `${base}/files`, { file_id: 'x' }],
      ['PUT', `${base}/members`, { userId: stranger.id, role: 'owner' }],
      ['DELETE', `${base}/members`, { userId: owner.id }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await call(stranger, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await json<Project[]>(await call(stranger, 'GET', '/api/projects'))).toEqual([]);
    const still = await json<ProjectDetail>(await call(owner, 'GET', base));
    expect(still).toMatchObject({ name: 'Private', instructions: 'secret' });
    expect(still.members).toHaveLength(1);
  });

  it('lets viewers read but not write, editors change it, and only owners share and delete', async () => {
    const owner = await createTestUser(server);
    const viewer = await createTestUser(server);
    const editor = await createTestUser(server);
    const project = await create(owner);
    const base = `/api/projects/${project.id}`;
    await share(owner, project.id, viewer, 'viewer');
    await share(owner, project.id, editor, 'editor');

    const seen = await json<ProjectDetail>(await call(viewer, 'GET', base));
    expect(seen.role).toBe('viewer');
    expect(seen.members.map((m) => m.role).sort()).toEqual(['editor', 'owner', 'viewer']);
    expect((await call(viewer, 'PATCH', base, { name: 'x' })).status).toBe(403);
    await seedIndexedFile(server.ctx.db, { userId: viewer.id, fileId: `vf-${project.id}`, texts: ['v'] });
    expect((await call(viewer, 'POST', `${base}/files`, { file_id: `vf-${project.id}` })).status).toBe(403);
    expect((await call(viewer, 'PUT', `${base}/members`, { userId: viewer.id, role: 'owner' })).status).toBe(
      403,
    );
    expect((await call(viewer, 'DELETE', base)).status).toBe(403);

    expect((await call(editor, 'PATCH', base, { description: 'by the editor' })).status).toBe(200);
    expect((await call(editor, 'PUT', `${base}/members`, { userId: editor.id, role: 'owner' })).status).toBe(
      403,
    );
    expect((await call(editor, 'DELETE', `${base}/members`, { userId: viewer.id })).status).toBe(403);
    expect((await call(editor, 'DELETE', base)).status).toBe(403);
    expect((await json<ProjectDetail>(await call(owner, 'GET', base))).description).toBe('by the editor');
  });

  it('takes access away from a removed member at once, and keeps a last owner', async () => {
    const owner = await createTestUser(server);
    const member = await createTestUser(server);
    const project = await create(owner, { name: 'Shared', instructions: 'hello' });
    await share(owner, project.id, member, 'editor');
    const convo = await insertConversation(server, member.id, { projectId: project.id });
    const inProject = `/api/convos?projectId=${project.id}`;
    expect(
      (await json<ConversationListPage>(await call(member, 'GET', inProject))).conversations,
    ).toHaveLength(1);

    const removed = await call(owner, 'DELETE', `/api/projects/${project.id}/members`, { userId: member.id });
    expect(removed.status).toBe(200);
    expect((await call(member, 'GET', `/api/projects/${project.id}`)).status).toBe(404);
    expect(await json<Project[]>(await call(member, 'GET', '/api/projects'))).toEqual([]);
    expect((await json<ConversationListPage>(await call(member, 'GET', inProject))).conversations).toEqual(
      [],
    );
    // The conversation stays its author's.
    expect((await call(member, 'GET', `/api/convos/${convo.conversationId}`)).status).toBe(200);

    // The only owner can neither step down nor leave.
    const demote = await call(owner, 'PUT', `/api/projects/${project.id}/members`, {
      userId: owner.id,
      role: 'viewer',
    });
    expect(demote.status).toBe(409);
    expect(
      (await call(owner, 'DELETE', `/api/projects/${project.id}/members`, { userId: owner.id })).status,
    ).toBe(409);
  });

  it('lets a member leave on their own', async () => {
    const owner = await createTestUser(server);
    const member = await createTestUser(server);
    const project = await create(owner);
    await share(owner, project.id, member, 'viewer');
    expect(
      (await call(member, 'DELETE', `/api/projects/${project.id}/members`, { userId: member.id })).status,
    ).toBe(200);
    expect((await call(member, 'GET', `/api/projects/${project.id}`)).status).toBe(404);
  });

  it('moves conversations into and out of a project, and only into one the caller is in', async () => {
    const ann = await createTestUser(server);
    const bob = await createTestUser(server);
    const mine = await create(ann);
    const his = await create(bob);
    const convo = await insertConversation(server, ann.id);
    const update = (user: TestUser, arg: Record<string, unknown>) =>
      call(user, 'POST', '/api/convos/update', { arg: { conversationId: convo.conversationId, ...arg } });

    const moved = await update(ann, { projectId: mine.id });
    expect(moved.status).toBe(200);
    expect((await json<Conversation>(moved)).projectId).toBe(mine.id);
    const listed = await json<ConversationListPage>(
      await call(ann, 'GET', `/api/convos?projectId=${mine.id}`),
    );
    expect(listed.conversations.map((c) => c.conversationId)).toEqual([convo.conversationId]);
    expect(listed.conversations[0]!.projectId).toBe(mine.id);

    // Into another user's project: 404, and the conversation stays where it was.
    expect((await update(ann, { projectId: his.id })).status).toBe(404);
    // Another user's conversation into their own project: 404.
    expect((await update(bob, { projectId: his.id })).status).toBe(404);
    expect(
      (await json<Conversation>(await call(ann, 'GET', `/api/convos/${convo.conversationId}`))).projectId,
    ).toBe(mine.id);

    const out = await update(ann, { projectId: null });
    expect((await json<Conversation>(out)).projectId).toBeNull();
  });

  it("searches within a project, and never sees another member's conversations", async () => {
    const owner = await createTestUser(server);
    const member = await createTestUser(server);
    const project = await create(owner);
    await share(owner, project.id, member, 'viewer');
    await insertConversation(server, owner.id, { projectId: project.id, title: 'Zebra plans' });
    await insertConversation(server, owner.id, { title: 'Zebra outside' });
    const theirs = await insertConversation(server, member.id, {
      projectId: project.id,
      title: 'Zebra notes',
    });
    const search = (user: TestUser) =>
      call(user, 'GET', `/api/convos?projectId=${project.id}&search=zebra`).then((r) =>
        json<ConversationListPage>(r),
      );
    expect((await search(owner)).conversations.map((c) => c.title)).toEqual(['Zebra plans']);
    expect((await search(member)).conversations.map((c) => c.conversationId)).toEqual([
      theirs.conversationId,
    ]);
  });

  it('deleting a project keeps its conversations and moves them out', async () => {
    const owner = await createTestUser(server);
    const project = await create(owner);
    const convo = await insertConversation(server, owner.id, { projectId: project.id });
    const res = await call(owner, 'DELETE', `/api/projects/${project.id}`);
    expect(await json(res)).toEqual({ deleted: true, conversationsMoved: 1 });
    const after = await json<Conversation>(await call(owner, 'GET', `/api/convos/${convo.conversationId}`));
    expect(after.projectId).toBeNull();
  });

  it("adds the editor's own files only, and lists them for every member", async () => {
    const owner = await createTestUser(server);
    const viewer = await createTestUser(server);
    const stranger = await createTestUser(server);
    const project = await create(owner);
    await share(owner, project.id, viewer, 'viewer');
    const fileId = `pf-${project.id}`;
    const theirs = `sf-${project.id}`;
    await seedIndexedFile(server.ctx.db, { userId: owner.id, fileId, texts: ['alpha'] });
    await seedIndexedFile(server.ctx.db, { userId: stranger.id, fileId: theirs, texts: ['beta'] });
    const files = `/api/projects/${project.id}/files`;
    expect((await call(owner, 'POST', files, { file_id: theirs })).status).toBe(404);
    const added = await call(owner, 'POST', files, { file_id: fileId });
    expect(added.status).toBe(200);
    expect((await json<{ file_id: string }[]>(added)).map((f) => f.file_id)).toEqual([fileId]);
    const seen = await json<ProjectDetail>(await call(viewer, 'GET', `/api/projects/${project.id}`));
    expect(seen.files.map((f) => f.filename)).toEqual([`${fileId}.txt`]);
    expect((await call(owner, 'DELETE', files, { file_id: fileId })).status).toBe(200);
    expect((await call(owner, 'DELETE', files, { file_id: fileId })).status).toBe(404);
  });

  it('answers 400 with a message for bad input', async () => {
    const ann = await createTestUser(server);
    const project = await create(ann);
    const base = `/api/projects/${project.id}`;
    const bad: [string, string, unknown][] = [
      ['POST', '/api/projects', {}],
      ['POST', '/api/projects', { name: '   ' }],
      ['POST', '/api/projects', { name: 42 }],
      ['POST', '/api/projects', { name: 'x'.repeat(101) }],
      ['POST', '/api/projects', { name: 'ok', instructions: 'x'.repeat(20_001) }],
      ['POST', '/api/projects', { name: 'ok', defaults: { model: 'm', colour: 'red' } }],
      ['POST', '/api/projects', { name: 'ok', defaults: 'gpt' }],
      ['PATCH', base, {}],
      ['PATCH', base, { name: null }],
      ['POST', `${base}/files`, {}],
      ['POST', `${base}/files`, { file_id: 'x'.repeat(201) }],
      ['PUT', `${base}/members`, { userId: ann.id, role: 'admin' }],
      ['PUT', `${base}/members`, { role: 'viewer' }],
      ['DELETE', `${base}/members`, {}],
      ['POST', '/api/convos/update', { arg: { conversationId: 'c', projectId: 5 } }],
    ];
    for (const [method, path, body] of bad) {
      const res = await call(ann, method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect((await json<{ message: string }>(res)).message).toBeTruthy();
    }
    expect((await call(ann, 'GET', `/api/convos?projectId=${'x'.repeat(201)}`)).status).toBe(400);
    const unknownUser = await call(ann, 'PUT', `${base}/members`, { userId: 'no-such-user', role: 'viewer' });
    expect(unknownUser.status).toBe(404);
    expect((await call(ann, 'GET', '/api/projects/no-such-project')).status).toBe(404);
  });

  it("deleting an account deletes the projects it alone owned, and keeps the members' conversations", async () => {
    const owner = await createTestUser(server);
    const coOwned = await createTestUser(server);
    const member = await createTestUser(server);
    const alone = await create(owner, { name: 'Alone' });
    const shared = await create(owner, { name: 'Shared ownership' });
    await share(owner, alone.id, member, 'editor');
    await share(owner, shared.id, coOwned, 'owner');
    const convo = await insertConversation(server, member.id, { projectId: alone.id });

    expect(await deleteUser(server.ctx.db, owner.id)).toBe(true);
    expect((await call(member, 'GET', `/api/projects/${alone.id}`)).status).toBe(404);
    expect(
      (await json<Conversation>(await call(member, 'GET', `/api/convos/${convo.conversationId}`))).projectId,
    ).toBeNull();
    const kept = await json<ProjectDetail>(await call(coOwned, 'GET', `/api/projects/${shared.id}`));
    expect(kept.members.map((m) => m.userId)).toEqual([coOwned.id]);
  });

  it('needs a session', async () => {
    expect((await server.api('/api/projects')).status).toBe(401);
  });
});
