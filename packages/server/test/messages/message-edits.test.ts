import type { Message } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/db/schema/index.ts';
import { insertConversation, insertMessage, json } from '../conversations/fixtures.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

describe('message edits and feedback', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let convoId: string;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createTestUser(server);
    bob = await createTestUser(server);
    convoId = (await insertConversation(server, alice.id)).conversationId;
  });
  afterAll(() => server.stop());

  const put = (user: TestUser, path: string, body?: unknown) =>
    server.api(path, { method: 'PUT', token: user.token, json: body });
  const stored = async (messageId: string) =>
    (await server.ctx.db.select().from(messages).where(eq(messages.messageId, messageId)))[0]!;

  describe('PUT /api/messages/{conversationId}/{messageId}', () => {
    it('replaces the text of a plain message and keeps its token count in step', async () => {
      const m = await insertMessage(server, alice.id, convoId, { text: 'old', metadata: { tokenCount: 1 } });
      const res = await put(alice, `/api/messages/${convoId}/${m.messageId}`, {
        text: 'brand new words here',
      });
      expect(res.status).toBe(200);
      const body = await json<Message>(res);
      expect(body).toMatchObject({
        messageId: m.messageId,
        conversationId: convoId,
        text: 'brand new words here',
      });
      expect(body.tokenCount).toBeGreaterThan(1);
      expect(new Date(body.updatedAt).getTime()).toBeGreaterThanOrEqual(m.updatedAt.getTime());
      expect((await stored(m.messageId)).text).toBe('brand new words here');
    });

    it('without index also replaces the first text part of a message with content', async () => {
      const m = await insertMessage(server, alice.id, convoId, {
        sender: 'AI',
        isCreatedByUser: false,
        text: 'answer',
        content: [
          { type: 'think', think: 'hmm' },
          { type: 'text', text: 'answer' },
          { type: 'text', text: 'more' },
        ],
      });
      const body = await json<Message>(
        await put(alice, `/api/messages/${convoId}/${m.messageId}`, { text: 'fixed' }),
      );
      expect(body.text).toBe('fixed');
      expect(body.content).toEqual([
        { type: 'think', think: 'hmm' },
        { type: 'text', text: 'fixed' },
        { type: 'text', text: 'more' },
      ]);
    });

    it('with index replaces that text or think part only', async () => {
      const m = await insertMessage(server, alice.id, convoId, {
        sender: 'AI',
        isCreatedByUser: false,
        text: 'final',
        content: [
          { type: 'think', think: 'reasoning' },
          { type: 'tool_call', tool_call: { id: 't1', name: 'calc', args: '{}', output: '2' } },
          { type: 'text', text: 'final' },
        ],
      });
      const path = `/api/messages/${convoId}/${m.messageId}`;
      const thought = await json<Message>(await put(alice, path, { text: 'better reasoning', index: 0 }));
      expect(thought.content![0]).toEqual({ type: 'think', think: 'better reasoning' });
      expect(thought.text).toBe('final');
      const answered = await json<Message>(await put(alice, path, { text: 'final, edited', index: 2 }));
      expect(answered.content![2]).toEqual({ type: 'text', text: 'final, edited' });
      // The plain text is re-derived from the text parts.
      expect(answered.text).toBe('final, edited');
      expect(answered.content![1]).toMatchObject({ type: 'tool_call' });

      const toolEdit = await put(alice, path, { text: 'x', index: 1 });
      expect(toolEdit.status).toBe(400);
      expect((await json(toolEdit)).message).toContain('Only text and think content parts can be edited');
      const outOfRange = await put(alice, path, { text: 'x', index: 3 });
      expect(outOfRange.status).toBe(400);
      expect((await json(outOfRange)).message).toContain('Invalid index');
    });

    it('re-derives the plain text from all text parts after an indexed edit', async () => {
      const m = await insertMessage(server, alice.id, convoId, {
        text: 'Let me check.The answer is 4.',
        content: [
          { type: 'text', text: 'Let me check.' },
          { type: 'tool_call', tool_call: { id: 't', name: 'calc', args: '{}', output: '4' } },
          { type: 'text', text: 'The answer is 4.' },
        ],
      });
      const body = await json<Message>(
        await put(alice, `/api/messages/${convoId}/${m.messageId}`, { text: 'It is four.', index: 2 }),
      );
      expect(body.text).toBe('Let me check.It is four.');
    });

    it('keeps the older {text: {value}} part shape', async () => {
      const m = await insertMessage(server, alice.id, convoId, {
        text: 'v',
        content: [{ type: 'text', text: { value: 'v', annotations: [] } }],
      });
      const body = await json<Message>(
        await put(alice, `/api/messages/${convoId}/${m.messageId}`, { text: 'w', index: 0 }),
      );
      expect(body.content).toEqual([{ type: 'text', text: { value: 'w', annotations: [] } }]);
    });

    it('refuses an index on a message without content parts', async () => {
      const m = await insertMessage(server, alice.id, convoId);
      const res = await put(alice, `/api/messages/${convoId}/${m.messageId}`, { text: 'x', index: 0 });
      expect(res.status).toBe(400);
    });

    it('rejects malformed bodies with 400', async () => {
      const m = await insertMessage(server, alice.id, convoId);
      const path = `/api/messages/${convoId}/${m.messageId}`;
      for (const body of [
        {},
        { text: 5 },
        { text: 'x', index: -1 },
        { text: 'x', index: 1.5 },
        { text: 'x', index: '0' },
      ]) {
        const res = await put(alice, path, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      const tooLong = await put(alice, path, { text: 'x'.repeat(1_000_001) });
      expect(tooLong.status).toBe(400);
      expect((await json(tooLong)).message).toContain('at most 1000000 characters');
      expect((await put(alice, path, { text: 'x'.repeat(1_000_000) })).status).toBe(200);
      expect((await server.api(path, { method: 'PUT', token: alice.token })).status).toBe(400);
    });

    it('refuses an edit to empty or blank text and keeps the message as it was', async () => {
      const m = await insertMessage(server, alice.id, convoId, { text: 'keep me' });
      const path = `/api/messages/${convoId}/${m.messageId}`;
      for (const body of [{ text: '' }, { text: '   \n\t' }, { text: '', index: 0 }]) {
        const res = await put(alice, path, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((await json(res)).message).toContain('Chat text is required');
      }
      expect((await stored(m.messageId)).text).toBe('keep me');
    });

    it('answers 400 "conversationId is required" for an empty conversation id', async () => {
      const m = await insertMessage(server, alice.id, convoId);
      for (const path of [`/api/messages//${m.messageId}`, `/api/messages/%20/${m.messageId}`]) {
        const res = await put(alice, path, { text: 'x' });
        expect(res.status, path).toBe(400);
        expect((await json(res)).message).toContain('conversationId is required');
      }
    });

    it('answers 404 for another user’s message, or a message named under the wrong conversation', async () => {
      const bobsConvo = await insertConversation(server, bob.id);
      const bobs = await insertMessage(server, bob.id, bobsConvo.conversationId, { text: 'bob' });
      expect(
        (await put(alice, `/api/messages/${bobsConvo.conversationId}/${bobs.messageId}`, { text: 'x' }))
          .status,
      ).toBe(404);
      expect((await put(alice, `/api/messages/${convoId}/${bobs.messageId}`, { text: 'x' })).status).toBe(
        404,
      );
      const mine = await insertMessage(server, alice.id, convoId);
      const other = await insertConversation(server, alice.id);
      expect(
        (await put(alice, `/api/messages/${other.conversationId}/${mine.messageId}`, { text: 'x' })).status,
      ).toBe(404);
      expect((await stored(bobs.messageId)).text).toBe('bob');
    });

    it('answers 404 once a temporary chat has expired', async () => {
      const temp = await insertConversation(server, alice.id, { expiredAt: new Date(Date.now() - 1) });
      const m = await insertMessage(server, alice.id, temp.conversationId);
      expect(
        (await put(alice, `/api/messages/${temp.conversationId}/${m.messageId}`, { text: 'x' })).status,
      ).toBe(404);
    });
  });

  describe('PUT /api/messages/{conversationId}/{messageId}/feedback', () => {
    it('sets, replaces and removes the rating', async () => {
      const m = await insertMessage(server, alice.id, convoId, { sender: 'AI', isCreatedByUser: false });
      const path = `/api/messages/${convoId}/${m.messageId}/feedback`;
      const up = await put(alice, path, { feedback: { rating: 'thumbsUp', tag: 'accurate_reliable' } });
      expect(up.status).toBe(200);
      expect(await json(up)).toEqual({
        messageId: m.messageId,
        conversationId: convoId,
        feedback: { rating: 'thumbsUp', tag: 'accurate_reliable' },
      });
      const down = { rating: 'thumbsDown', tag: 'inaccurate', text: 'The date is wrong' };
      expect(await json(await put(alice, path, { feedback: down }))).toMatchObject({ feedback: down });
      const list = await json<Message[]>(
        await server.api(`/api/messages/${convoId}`, { token: alice.token }),
      );
      expect(list.find((x) => x.messageId === m.messageId)!.feedback).toEqual(down);

      expect(await json(await put(alice, path, { feedback: null }))).toMatchObject({ feedback: null });
      expect((await stored(m.messageId)).feedback).toBeNull();
    });

    it('rejects invalid feedback with 400', async () => {
      const m = await insertMessage(server, alice.id, convoId);
      const path = `/api/messages/${convoId}/${m.messageId}/feedback`;
      for (const body of [
        {},
        { feedback: { rating: 'meh' } },
        { feedback: { rating: 'thumbsUp', tag: 'inaccurate' } },
        { feedback: { rating: 'thumbsDown', tag: 'accurate_reliable' } },
        { feedback: { rating: 'thumbsDown', tag: 'made_up' } },
        { feedback: { rating: 'thumbsDown', text: 'x'.repeat(1025) } },
      ]) {
        const res = await put(alice, path, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      expect(
        (await put(alice, path, { feedback: { rating: 'thumbsDown', text: 'x'.repeat(1024) } })).status,
      ).toBe(200);
    });

    it('answers 404 for another user’s message and leaves it unrated', async () => {
      const bobsConvo = await insertConversation(server, bob.id);
      const bobs = await insertMessage(server, bob.id, bobsConvo.conversationId);
      const res = await put(alice, `/api/messages/${bobsConvo.conversationId}/${bobs.messageId}/feedback`, {
        feedback: { rating: 'thumbsDown' },
      });
      expect(res.status).toBe(404);
      expect((await stored(bobs.messageId)).feedback).toBeNull();
    });
  });
});
