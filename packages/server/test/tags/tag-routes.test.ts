import type { Conversation, ConversationTag } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, insertConversation, json } from '../conversations/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

describe('bookmarks (tags)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const call = (user: TestUser, method: string, path: string, body?: unknown) =>
    callAs(server, user, method, path, body);
  const tags = async (user: TestUser) => json<ConversationTag[]>(await call(user, 'GET', '/api/tags'));
  const summary = (list: ConversationTag[]) => list.map((t) => `${t.position}:${t.tag}:${t.count}`);
  const convoTags = async (user: TestUser, id: string) =>
    (await json<Conversation>(await call(user, 'GET', `/api/convos/${id}`))).tags;

  it('starts with the default Saved bookmark', async () => {
    const ann = await createTestUser(server);
    const list = await tags(ann);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ tag: 'Saved', count: 0, position: 0, user: ann.id, description: '' });
  });

  it('creates, tags conversations, counts, renames, moves and deletes', async () => {
    const ben = await createTestUser(server);
    const one = await insertConversation(server, ben.id);
    const two = await insertConversation(server, ben.id);
    await tags(ben);
    const created = await call(ben, 'POST', '/api/tags', {
      tag: 'Work/Q3 & more',
      description: 'quarter',
      addToConversation: true,
      conversationId: one.conversationId,
    });
    expect(created.status).toBe(201);
    expect(await json(created)).toMatchObject({ tag: 'Work/Q3 & more', count: 1, position: 1 });
    expect((await call(ben, 'POST', '/api/tags', { tag: 'Work/Q3 & more' })).status).toBe(409);

    const set = await call(ben, 'PUT', `/api/tags/convo/${two.conversationId}`, {
      tags: ['Saved', 'Fresh', 'Saved'],
    });
    expect(set.status).toBe(200);
    expect(await json(set)).toEqual(['Saved', 'Fresh']);
    expect(summary(await tags(ben))).toEqual(['0:Saved:1', '1:Work/Q3 & more:1', '2:Fresh:1']);

    const encoded = encodeURIComponent('Work/Q3 & more');
    const renamed = await call(ben, 'PUT', `/api/tags/${encoded}`, { tag: 'Work', position: 0 });
    expect(renamed.status).toBe(200);
    expect(await json(renamed)).toMatchObject({ tag: 'Work', position: 0, description: 'quarter' });
    expect(await convoTags(ben, one.conversationId)).toEqual(['Work']);
    expect(summary(await tags(ben))).toEqual(['0:Work:1', '1:Saved:1', '2:Fresh:1']);
    expect((await call(ben, 'PUT', '/api/tags/Work', { tag: 'Saved' })).status).toBe(409);

    // The list can be filtered by a tag.
    const filtered = await json<{ conversations: Conversation[] }>(
      await call(ben, 'GET', '/api/convos?tags=Fresh'),
    );
    expect(filtered.conversations.map((c) => c.conversationId)).toEqual([two.conversationId]);

    expect((await call(ben, 'DELETE', '/api/tags/Saved')).status).toBe(200);
    expect(await convoTags(ben, two.conversationId)).toEqual(['Fresh']);
    expect(summary(await tags(ben))).toEqual(['0:Work:1', '1:Fresh:1']);
    expect((await call(ben, 'DELETE', '/api/tags/Saved')).status).toBe(404);
  });

  it('rebuilds counts after conversations went away', async () => {
    const cara = await createTestUser(server);
    const convo = await insertConversation(server, cara.id);
    await call(cara, 'PUT', `/api/tags/convo/${convo.conversationId}`, { tags: ['Keep'] });
    await call(cara, 'DELETE', '/api/convos', { arg: { conversationId: convo.conversationId } });
    await insertConversation(server, cara.id, { tags: ['Untracked'] });
    const rebuilt = await json<ConversationTag[]>(await call(cara, 'POST', '/api/tags/rebuild'));
    expect(summary(rebuilt)).toEqual(['0:Keep:0', '1:Untracked:1']);
  });

  it('answers 404 for another user’s conversation or tag and 400 for bad bodies', async () => {
    const dan = await createTestUser(server);
    const eve = await createTestUser(server);
    const danConvo = await insertConversation(server, dan.id);
    await call(dan, 'POST', '/api/tags', { tag: 'Private' });
    expect(
      (await call(eve, 'PUT', `/api/tags/convo/${danConvo.conversationId}`, { tags: ['x'] })).status,
    ).toBe(404);
    expect((await call(eve, 'PUT', '/api/tags/Private', { description: 'mine' })).status).toBe(404);
    expect((await call(eve, 'DELETE', '/api/tags/Private')).status).toBe(404);
    expect(
      (
        await call(eve, 'POST', '/api/tags', {
          tag: 'x',
          addToConversation: true,
          conversationId: danConvo.conversationId,
        })
      ).status,
    ).toBe(404);
    for (const body of [
      {},
      { tag: '' },
      { tag: 5 },
      { tag: 'x', addToConversation: true },
      { tag: 'x'.repeat(129) },
    ]) {
      expect((await call(eve, 'POST', '/api/tags', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(eve, 'PUT', '/api/tags/Private', {})).status).toBe(400);
    expect((await call(eve, 'PUT', '/api/tags/Private', { position: -1 })).status).toBe(400);
    expect((await call(eve, 'PUT', `/api/tags/convo/${danConvo.conversationId}`, { tags: 'x' })).status).toBe(
      400,
    );
  });

  it('needs BOOKMARKS.USE', async () => {
    const admin = await createTestUser(server, { role: 'ADMIN' });
    const fay = await createTestUser(server);
    await server.ctx.db.execute(
      // The USER role loses bookmarks for this check and gets them back afterwards.
      `update roles set permissions = jsonb_set(permissions, '{BOOKMARKS,USE}', 'false') where name = 'USER'`,
    );
    try {
      expect((await call(fay, 'GET', '/api/tags')).status).toBe(403);
      expect((await call(fay, 'POST', '/api/tags', { tag: 'x' })).status).toBe(403);
      expect((await call(admin, 'GET', '/api/tags')).status).toBe(200);
    } finally {
      await server.ctx.db.execute(
        `update roles set permissions = jsonb_set(permissions, '{BOOKMARKS,USE}', 'true') where name = 'USER'`,
      );
    }
  });
});
