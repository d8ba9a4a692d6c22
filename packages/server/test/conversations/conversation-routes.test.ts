import type { Conversation } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../../src/db/schema/index.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { at, insertConversation, insertMessage, json } from './fixtures.ts';

describe('conversation routes', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createTestUser(server);
    bob = await createTestUser(server);
  });
  afterAll(() => server.stop());

  const countRows = async (conversationId: string) => ({
    conversations: (
      await server.ctx.db.select().from(conversations).where(eq(conversations.conversationId, conversationId))
    ).length,
    messages: (await server.ctx.db.select().from(messages).where(eq(messages.conversationId, conversationId)))
      .length,
  });

  describe('GET /api/convos/{id}', () => {
    it('answers the caller’s conversation with its stored settings spread in', async () => {
      const row = await insertConversation(server, alice.id, {
        title: 'Mine',
        model: 'gpt-4o-mini',
        settings: { temperature: 0.5, promptPrefix: 'Be brief' },
      });
      const res = await server.api(`/api/convos/${row.conversationId}`, { token: alice.token });
      expect(res.status).toBe(200);
      expect(await json(res)).toMatchObject({
        conversationId: row.conversationId,
        title: 'Mine',
        model: 'gpt-4o-mini',
        temperature: 0.5,
        promptPrefix: 'Be brief',
        user: alice.id,
      });
    });

    it('answers 404 for another user’s, an unknown and an expired temporary conversation', async () => {
      const bobs = await insertConversation(server, bob.id);
      const expired = await insertConversation(server, alice.id, { expiredAt: new Date(Date.now() - 1000) });
      for (const id of [bobs.conversationId, 'no-such-id', expired.conversationId]) {
        const res = await server.api(`/api/convos/${id}`, { token: alice.token });
        expect(res.status, id).toBe(404);
        expect(await json(res)).toMatchObject({ code: 'not_found' });
      }
    });

    it('answers a temporary chat that has not expired yet', async () => {
      const temp = await insertConversation(server, alice.id, { expiredAt: new Date(Date.now() + 60_000) });
      const res = await server.api(`/api/convos/${temp.conversationId}`, { token: alice.token });
      expect(res.status).toBe(200);
      expect((await json<Conversation>(res)).expiredAt).toBe(temp.expiredAt!.toISOString());
    });

    it('needs a token', async () => {
      const row = await insertConversation(server, alice.id);
      expect((await server.api(`/api/convos/${row.conversationId}`)).status).toBe(401);
    });
  });

  describe('POST /api/convos/update', () => {
    const update = (user: TestUser, json: unknown) =>
      server.api('/api/convos/update', { method: 'POST', token: user.token, json });

    it('renames with a trimmed title and bumps updatedAt', async () => {
      const row = await insertConversation(server, alice.id, { updatedAt: at(0) });
      const res = await update(alice, { arg: { conversationId: row.conversationId, title: '  Plans  ' } });
      expect(res.status).toBe(200);
      const body = await json<Conversation>(res);
      expect(body).toMatchObject({ conversationId: row.conversationId, title: 'Plans', isArchived: false });
      expect(new Date(body.updatedAt).getTime()).toBeGreaterThan(at(0).getTime());
    });

    it('archives and unarchives', async () => {
      const row = await insertConversation(server, alice.id, { title: 'Keep' });
      const arg = { conversationId: row.conversationId };
      expect(await json(await update(alice, { arg: { ...arg, isArchived: true } }))).toMatchObject({
        isArchived: true,
        title: 'Keep',
      });
      const archived = await json<{ conversations: Conversation[] }>(
        await server.api('/api/convos?isArchived=true', { token: alice.token }),
      );
      expect(archived.conversations.map((c) => c.conversationId)).toContain(row.conversationId);
      expect(await json(await update(alice, { arg: { ...arg, isArchived: false } }))).toMatchObject({
        isArchived: false,
      });
    });

    it('accepts 200 characters and refuses longer, empty or blank titles', async () => {
      const row = await insertConversation(server, alice.id);
      const arg = { conversationId: row.conversationId };
      expect((await update(alice, { arg: { ...arg, title: 'x'.repeat(200) } })).status).toBe(200);
      for (const title of ['x'.repeat(201), '', '   ', 42, null]) {
        const res = await update(alice, { arg: { ...arg, title } });
        expect(res.status, String(title)).toBe(400);
      }
    });

    it('refuses bodies without an id or without a change', async () => {
      const row = await insertConversation(server, alice.id);
      for (const body of [
        {},
        { arg: null },
        { arg: { title: 'x' } },
        { arg: { conversationId: row.conversationId } },
        { arg: { conversationId: row.conversationId, isArchived: 'yes' } },
        { conversationId: row.conversationId, title: 'flat' },
      ]) {
        const res = await update(alice, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(await json(res)).toHaveProperty('message');
      }
      const bodyless = await server.api('/api/convos/update', { method: 'POST', token: alice.token });
      expect(bodyless.status).toBe(400);
    });

    it('answers 404 for another user’s conversation and leaves it unchanged', async () => {
      const bobs = await insertConversation(server, bob.id, { title: 'Bob’s' });
      const res = await update(alice, { arg: { conversationId: bobs.conversationId, title: 'Hijacked' } });
      expect(res.status).toBe(404);
      const [row] = await server.ctx.db
        .select()
        .from(conversations)
        .where(eq(conversations.conversationId, bobs.conversationId));
      expect(row!.title).toBe('Bob’s');
    });
  });

  describe('DELETE /api/convos', () => {
    const remove = (user: TestUser, body?: unknown) =>
      server.api('/api/convos', { method: 'DELETE', token: user.token, json: body });

    it('deletes the conversation with its messages and counts both', async () => {
      const row = await insertConversation(server, alice.id);
      await insertMessage(server, alice.id, row.conversationId);
      await insertMessage(server, alice.id, row.conversationId, { sender: 'AI', isCreatedByUser: false });
      const res = await remove(alice, {
        arg: { conversationId: row.conversationId, source: 'button', thread_id: null, endpoint: 'openAI' },
      });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({
        acknowledged: true,
        deletedCount: 1,
        messages: { acknowledged: true, deletedCount: 2 },
      });
      expect(await countRows(row.conversationId)).toEqual({ conversations: 0, messages: 0 });
      const again = await server.api(`/api/convos/${row.conversationId}`, { token: alice.token });
      expect(again.status).toBe(404);
    });

    it('answers 400 "conversationId is required" to a DELETE without a body, and keeps serving', async () => {
      const bare = await server.api('/api/convos', { method: 'DELETE', token: alice.token });
      expect(bare.status).toBe(400);
      expect((await json(bare)).message).toContain('conversationId is required');
      const emptyJson = await server.api('/api/convos', {
        method: 'DELETE',
        token: alice.token,
        headers: { 'content-type': 'application/json' },
      });
      expect(emptyJson.status).toBe(400);
      const broken = await server.api('/api/convos', {
        method: 'DELETE',
        token: alice.token,
        headers: { 'content-type': 'application/json' },
        body: '{"arg":',
      });
      expect(broken.status).toBe(400);
      expect((await server.api('/health')).status).toBe(200);
    });

    it('answers 400 to bodies without arg or conversationId', async () => {
      for (const body of [{}, { arg: {} }, { arg: null }, { arg: { conversationId: '' } }, [], 'id']) {
        const res = await remove(alice, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((await json(res)).message).toContain('conversationId is required');
      }
    });

    it('answers 404 for another user’s conversation and deletes nothing', async () => {
      const bobs = await insertConversation(server, bob.id);
      await insertMessage(server, bob.id, bobs.conversationId);
      const res = await remove(alice, { arg: { conversationId: bobs.conversationId } });
      expect(res.status).toBe(404);
      expect(await countRows(bobs.conversationId)).toEqual({ conversations: 1, messages: 1 });
    });
  });

  describe('DELETE /api/convos/all', () => {
    it('deletes every conversation and message of the caller only', async () => {
      const gina = await createTestUser(server);
      const keep = await insertConversation(server, bob.id);
      await insertMessage(server, bob.id, keep.conversationId);
      for (const extra of [{}, { isArchived: true }, { expiredAt: new Date(Date.now() + 60_000) }]) {
        const row = await insertConversation(server, gina.id, extra);
        await insertMessage(server, gina.id, row.conversationId);
      }
      await insertMessage(server, gina.id, (await insertConversation(server, gina.id)).conversationId);
      const res = await server.api('/api/convos/all', { method: 'DELETE', token: gina.token });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({
        acknowledged: true,
        deletedCount: 4,
        messages: { acknowledged: true, deletedCount: 4 },
      });
      const left = await json<{ conversations: unknown[] }>(
        await server.api('/api/convos', { token: gina.token }),
      );
      expect(left.conversations).toEqual([]);
      expect(await countRows(keep.conversationId)).toEqual({ conversations: 1, messages: 1 });
      const none = await server.api('/api/convos/all', { method: 'DELETE', token: gina.token });
      expect(await json(none)).toMatchObject({ deletedCount: 0, messages: { deletedCount: 0 } });
    });

    it('needs a token', async () => {
      expect((await server.api('/api/convos/all', { method: 'DELETE' })).status).toBe(401);
    });
  });
});
