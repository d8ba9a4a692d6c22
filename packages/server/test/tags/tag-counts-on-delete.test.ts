import type { ConversationTag } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../src/db/schema/index.ts';
import { expireTemporaryChats } from '../../src/jobs/expire-temporary-chats.ts';
import { callAs, insertConversation, insertMessage, json } from '../conversations/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

/** Every path that removes conversations keeps the bookmark counts right without a rebuild. */
describe('bookmark counts when conversations are deleted', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const call = (user: TestUser, method: string, path: string, body?: unknown) =>
    callAs(server, user, method, path, body);
  const counts = async (user: TestUser) => {
    const list = await json<ConversationTag[]>(await call(user, 'GET', '/api/tags'));
    return Object.fromEntries(list.map((t) => [t.tag, t.count]));
  };
  const tagged = async (user: TestUser, tags: string[]) => {
    const convo = await insertConversation(server, user.id);
    await insertMessage(server, user.id, convo.conversationId);
    const res = await call(user, 'PUT', `/api/tags/convo/${convo.conversationId}`, { tags });
    expect(res.status).toBe(200);
    return convo.conversationId;
  };

  /** Another user with the same tag names, whose counts no deletion of someone else may touch. */
  const bystander = async () => {
    const other = await createTestUser(server);
    await tagged(other, ['Work', 'Saved']);
    await tagged(other, ['Work']);
    return other;
  };

  it('deleting one conversation lowers the counts of its tags', async () => {
    const ann = await createTestUser(server);
    const other = await bystander();
    const first = await tagged(ann, ['Work', 'Saved']);
    await tagged(ann, ['Work']);
    expect(await counts(ann)).toEqual({ Saved: 1, Work: 2 });

    const res = await call(ann, 'DELETE', '/api/convos', { arg: { conversationId: first } });
    expect(res.status).toBe(200);
    expect(await counts(ann)).toEqual({ Saved: 0, Work: 1 });
    expect(await counts(other)).toEqual({ Saved: 1, Work: 2 });
  });

  it('a refused delete (another user’s conversation) changes no count', async () => {
    const ben = await createTestUser(server);
    const other = await bystander();
    const [otherConvo] = await server.ctx.db
      .select({ id: conversations.conversationId })
      .from(conversations)
      .where(eq(conversations.userId, other.id))
      .limit(1);
    const res = await call(ben, 'DELETE', '/api/convos', { arg: { conversationId: otherConvo!.id } });
    expect(res.status).toBe(404);
    expect(await counts(other)).toEqual({ Saved: 1, Work: 2 });
  });

  it('deleting all conversations zeroes the counts and keeps the bookmarks', async () => {
    const cara = await createTestUser(server);
    const other = await bystander();
    await tagged(cara, ['Work', 'Saved']);
    await tagged(cara, ['Work', 'Later']);
    expect(await counts(cara)).toEqual({ Saved: 1, Work: 2, Later: 1 });

    const res = await call(cara, 'DELETE', '/api/convos/all');
    expect(res.status).toBe(200);
    expect(await counts(cara)).toEqual({ Saved: 0, Work: 0, Later: 0 });
    expect(await counts(other)).toEqual({ Saved: 1, Work: 2 });
  });

  it('archiving keeps a conversation counted', async () => {
    const dan = await createTestUser(server);
    const id = await tagged(dan, ['Work']);
    const res = await call(dan, 'POST', '/api/convos/update', {
      arg: { conversationId: id, isArchived: true },
    });
    expect(res.status).toBe(200);
    expect(await counts(dan)).toEqual({ Work: 1 });
  });

  it('the temporary-chat expiry job recounts the tags of the chats it deletes', async () => {
    const eve = await createTestUser(server);
    const other = await bystander();
    const leaving = await tagged(eve, ['Work', 'Saved']);
    await tagged(eve, ['Work']);
    // A follow-up sent as a temporary chat turns a saved conversation temporary (the chat
    // pipeline sets expiredAt on it); here its expiry has passed.
    await server.ctx.db
      .update(conversations)
      .set({ expiredAt: new Date(Date.now() - 1000) })
      .where(eq(conversations.conversationId, leaving));

    expect(await expireTemporaryChats(server.ctx.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await counts(eve)).toEqual({ Saved: 0, Work: 1 });
    expect(await counts(other)).toEqual({ Saved: 1, Work: 2 });
  });
});
