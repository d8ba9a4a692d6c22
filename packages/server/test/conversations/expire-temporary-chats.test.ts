import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../../src/db/schema/index.ts';
import { expireTemporaryChats } from '../../src/jobs/expire-temporary-chats.ts';
import { startJobs } from '../../src/jobs/start-jobs.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { insertConversation, insertMessage } from './fixtures.ts';

describe('temporary chat expiry', () => {
  let server: TestServer;
  let alice: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createTestUser(server);
  });
  afterAll(() => server.stop());

  const exists = async (conversationId: string) =>
    (await server.ctx.db.select().from(conversations).where(eq(conversations.conversationId, conversationId)))
      .length === 1;

  it('deletes expired temporary chats with their messages and keeps the rest', async () => {
    const now = new Date('2030-06-01T12:00:00Z');
    const expired = await insertConversation(server, alice.id, {
      expiredAt: new Date('2030-06-01T11:59:59Z'),
    });
    const exactlyNow = await insertConversation(server, alice.id, { expiredAt: now });
    const later = await insertConversation(server, alice.id, { expiredAt: new Date('2030-06-01T12:00:01Z') });
    const saved = await insertConversation(server, alice.id);
    for (const c of [expired, exactlyNow, later, saved])
      await insertMessage(server, alice.id, c.conversationId);

    expect(await expireTemporaryChats(server.ctx.db, now)).toBe(2);
    expect(await exists(expired.conversationId)).toBe(false);
    expect(await exists(exactlyNow.conversationId)).toBe(false);
    expect(await exists(later.conversationId)).toBe(true);
    expect(await exists(saved.conversationId)).toBe(true);
    const left = await server.ctx.db
      .select()
      .from(messages)
      .where(inArray(messages.conversationId, [expired.conversationId, exactlyNow.conversationId]));
    expect(left).toEqual([]);
    expect(await expireTemporaryChats(server.ctx.db, now)).toBe(0);
  });

  it('works through a backlog larger than one batch', async () => {
    const bob = await createTestUser(server);
    const past = new Date(Date.now() - 60_000);
    await server.ctx.db.insert(conversations).values(
      Array.from({ length: 1201 }, (_, i) => ({
        conversationId: `backlog-${i}`,
        userId: bob.id,
        expiredAt: past,
      })),
    );
    expect(await expireTemporaryChats(server.ctx.db, new Date())).toBe(1201);
  });

  it('hides an expired chat from the API before the job has run', async () => {
    const soon = await insertConversation(server, alice.id, { expiredAt: new Date(Date.now() + 60_000) });
    await insertMessage(server, alice.id, soon.conversationId);
    const api = (path: string) => server.api(path, { token: alice.token });
    expect((await api(`/api/convos/${soon.conversationId}`)).status).toBe(200);
    expect((await api(`/api/messages/${soon.conversationId}`)).status).toBe(200);
    // Time passes: the expiry is now behind us, but no job has run.
    await server.ctx.db
      .update(conversations)
      .set({ expiredAt: new Date(Date.now() - 1) })
      .where(eq(conversations.conversationId, soon.conversationId));
    expect(await exists(soon.conversationId)).toBe(true);
    expect((await api(`/api/convos/${soon.conversationId}`)).status).toBe(404);
    expect((await api(`/api/messages/${soon.conversationId}`)).status).toBe(404);
    expect((await api(`/api/messages?conversationId=${soon.conversationId}`)).status).toBe(404);
  });

  /** Polls until the conversation is gone or 5 s have passed; true when it is gone. */
  const disappears = async (conversationId: string) => {
    const deadline = Date.now() + 5000;
    while ((await exists(conversationId)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
    }
    return !(await exists(conversationId));
  };

  it('runs periodically once started and stops on request', async () => {
    const gone = await insertConversation(server, alice.id, { expiredAt: new Date(Date.now() - 1000) });
    const tasksBefore = server.ctx.shutdownTasks.length;
    const jobs = startJobs(server.ctx, { intervalMs: 50 });
    expect(server.ctx.shutdownTasks.length).toBe(tasksBefore + 1);
    expect(await disappears(gone.conversationId)).toBe(true);
    // Expires after the first run: only a later, periodic run can delete it.
    const next = await insertConversation(server, alice.id, { expiredAt: new Date(Date.now() + 150) });
    expect(await disappears(next.conversationId)).toBe(true);
    await jobs.stop();
    const afterStop = await insertConversation(server, alice.id, { expiredAt: new Date(Date.now() - 1000) });
    await new Promise((r) => setTimeout(r, 200));
    expect(await exists(afterStop.conversationId)).toBe(true);
  });
});
