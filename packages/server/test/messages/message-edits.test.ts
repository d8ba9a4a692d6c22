import type { Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { insertConversation, insertMessage, json } from '../conversations/fixtures.ts';
import type { TestUser } from '../helpers/test-users.ts';
import { useMessageTestEnv } from './message-test-env.ts';

describe('message edits and feedback', () => {
  const env = useMessageTestEnv();

  const put = (user: TestUser, path: string, body?: unknown) =>
    env.server.api(path, { method: 'PUT', token: user.token, json: body });

  describe('PUT /api/messages/{conversationId}/{messageId}', () => {
    it('replaces the text of a plain message and keeps its token count in step', async () => {
      const m = await insertMessage(env.server, env.alice.id, env.convoId, {
        text: 'old',
        metadata: { tokenCount: 1 },
      });
      const res = await put(env.alice, `/api/messages/${env.convoId}/${m.messageId}`, {
        text: 'brand new words here',
      });
      expect(res.status).toBe(200);
      const body = await json<Message>(res);
      expect(body).toMatchObject({
        messageId: m.messageId,
        conversationId: env.convoId,
        text: 'brand new words here',
      });
      expect(body.tokenCount).toBeGreaterThan(1);
      expect(new Date(body.updatedAt).getTime()).toBeGreaterThanOrEqual(m.updatedAt.getTime());
      expect((await env.stored(m.messageId)).text).toBe('brand new words here');
    });

    it('without index also replaces the first text part of a message with content', async () => {
      const m = await insertMessage(env.server, env.alice.id, env.convoId, {
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
        await put(env.alice, `/api/messages/${env.convoId}/${m.messageId}`, { text: 'fixed' }),
      );
      expect(body.text).toBe('fixed');
      expect(body.content).toEqual([
        { type: 'think', think: 'hmm' },
        { type: 'text', text: 'fixed' },
        { type: 'text', text: 'more' },
      ]);
    });

    it('with index replaces that text or think part only', async () => {
      const m = await insertMessage(env.server, env.alice.id, env.convoId, {
        sender: 'AI',
        isCreatedByUser: false,
        text: 'final',
        content: [
          { type: 'think', think: 'reasoning' },
          { type: 'tool_call', tool_call: { id: 't1', name: 'calc', args: '{}', output: '2' } },
          { type: 'text', text: 'final' },
        ],
      });
      const path = `/api/messages/${env.convoId}/${m.messageId}`;
      const thought = await json<Message>(await put(env.alice, path, { text: 'better reasoning', index: 0 }));
      expect(thought.content![0]).toEqual({ type: 'think', think: 'better reasoning' });
      expect(thought.text).toBe('final');
      const answered = await json<Message>(await put(env.alice, path, { text: 'final, edited', index: 2 }));
      expect(answered.content![2]).toEqual({ type: 'text', text: 'final, edited' });
      // The plain text is re-derived from the text parts.
      expect(answered.text).toBe('final, edited');
      expect(answered.content![1]).toMatchObject({ type: 'tool_call' });

      const toolEdit = await put(env.alice, path, { text: 'x', index: 1 });
      expect(toolEdit.status).toBe(400);
      expect((await json(toolEdit)).message).toContain('Only text and think content parts can be edited');
      const outOfRange = await put(env.alice, path, { text: 'x', index: 3 });
      expect(outOfRange.status).toBe(400);
      expect((await json(outOfRange)).message).toContain('Invalid index');
    });

    it('re-derives the plain text from all text parts after an indexed edit', async () => {
      const m = await insertMessage(env.server, env.alice.id, env.convoId, {
        text: 'Let me check.The answer is 4.',
        content: [
          { type: 'text', text: 'Let me check.' },
          { type: 'tool_call', tool_call: { id: 't', name: 'calc', args: '{}', output: '4' } },
          { type: 'text', text: 'The answer is 4.' },
        ],
      });
      const body = await json<Message>(
        await put(env.alice, `/api/messages/${env.convoId}/${m.messageId}`, {
          text: 'It is four.',
          index: 2,
        }),
      );
      expect(body.text).toBe('Let me check.It is four.');
    });

    it('keeps the older {text: {value}} part shape', async () => {
      const m = await insertMessage(env.server, env.alice.id, env.convoId, {
        text: 'v',
        content: [{ type: 'text', text: { value: 'v', annotations: [] } }],
      });
      const body = await json<Message>(
        await put(env.alice, `/api/messages/${env.convoId}/${m.messageId}`, { text: 'w', index: 0 }),
      );
      expect(body.content).toEqual([{ type: 'text', text: { value: 'w', annotations: [] } }]);
    });

    it('refuses an index on a message without content parts', async () => {
      const m = await insertMessage(env.server, env.alice.id, env.convoId);
      const res = await put(env.alice, `/api/messages/${env.convoId}/${m.messageId}`, {
        text: 'x',
        index: 0,
      });
      expect(res.status).toBe(400);
    });

    it('rejects malformed bodies with 400', async () => {
      const m = await insertMessage(env.server, env.alice.id, env.convoId);
      const path = `/api/messages/${env.convoId}/${m.messageId}`;
      for (const body of [
        {},
        { text: 5 },
        { text: 'x', index: -1 },
        { text: 'x', index: 1.5 },
        { text: 'x', index: '0' },
      ]) {
        const res = await put(env.alice, path, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      const tooLong = await put(env.alice, path, { text: 'x'.repeat(1_000_001) });
      expect(tooLong.status).toBe(400);
      expect((await json(tooLong)).message).toContain('at most 1000000 characters');
      expect((await put(env.alice, path, { text: 'x'.repeat(1_000_000) })).status).toBe(200);
      expect((await env.server.api(path, { method: 'PUT', token: env.alice.token })).status).toBe(400);
    });

    it('refuses an edit to empty or blank text and keeps the message as it was', async () => {
      const m = await insertMessage(env.server, env.alice.id, env.convoId, { text: 'keep me' });
      const path = `/api/messages/${env.convoId}/${m.messageId}`;
      for (const body of [{ text: '' }, { text: '   \n\t' }, { text: '', index: 0 }]) {
        const res = await put(env.alice, path, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((await json(res)).message).toContain('Chat text is required');
      }
      expect((await env.stored(m.messageId)).text).toBe('keep me');
    });

    it('answers 400 "conversationId is required" for an empty conversation id', async () => {
      const m = await insertMessage(env.server, env.alice.id, env.convoId);
      for (const path of [`/api/messages//${m.messageId}`, `/api/messages/%20/${m.messageId}`]) {
        const res = await put(env.alice, path, { text: 'x' });
        expect(res.status, path).toBe(400);
        expect((await json(res)).message).toContain('conversationId is required');
      }
    });

    it('answers 404 for another user’s message, or a message named under the wrong conversation', async () => {
      const bobsConvo = await insertConversation(env.server, env.bob.id);
      const bobs = await insertMessage(env.server, env.bob.id, bobsConvo.conversationId, { text: 'bob' });
      expect(
        (await put(env.alice, `/api/messages/${bobsConvo.conversationId}/${bobs.messageId}`, { text: 'x' }))
          .status,
      ).toBe(404);
      expect(
        (await put(env.alice, `/api/messages/${env.convoId}/${bobs.messageId}`, { text: 'x' })).status,
      ).toBe(404);
      const mine = await insertMessage(env.server, env.alice.id, env.convoId);
      const other = await insertConversation(env.server, env.alice.id);
      expect(
        (await put(env.alice, `/api/messages/${other.conversationId}/${mine.messageId}`, { text: 'x' }))
          .status,
      ).toBe(404);
      expect((await env.stored(bobs.messageId)).text).toBe('bob');
    });

    it('answers 404 once a temporary chat has expired', async () => {
      const temp = await insertConversation(env.server, env.alice.id, {
        expiredAt: new Date(Date.now() - 1),
      });
      const m = await insertMessage(env.server, env.alice.id, temp.conversationId);
      expect(
        (await put(env.alice, `/api/messages/${temp.conversationId}/${m.messageId}`, { text: 'x' })).status,
      ).toBe(404);
    });
  });

  describe('PUT /api/messages/{conversationId}/{messageId}/feedback', () => {
    it('sets, replaces and removes the rating', async () => {
      const m = await insertMessage(env.server, env.alice.id, env.convoId, {
        sender: 'AI',
        isCreatedByUser: false,
      });
      const path = `/api/messages/${env.convoId}/${m.messageId}/feedback`;
      const up = await put(env.alice, path, { feedback: { rating: 'thumbsUp', tag: 'accurate_reliable' } });
      expect(up.status).toBe(200);
      expect(await json(up)).toEqual({
        messageId: m.messageId,
        conversationId: env.convoId,
        feedback: { rating: 'thumbsUp', tag: 'accurate_reliable' },
      });
      const down = { rating: 'thumbsDown', tag: 'inaccurate', text: 'The date is wrong' };
      expect(await json(await put(env.alice, path, { feedback: down }))).toMatchObject({ feedback: down });
      const list = await json<Message[]>(
        await env.server.api(`/api/messages/${env.convoId}`, { token: env.alice.token }),
      );
      expect(list.find((x) => x.messageId === m.messageId)!.feedback).toEqual(down);

      expect(await json(await put(env.alice, path, { feedback: null }))).toMatchObject({ feedback: null });
      expect((await env.stored(m.messageId)).feedback).toBeNull();
    });

    it('rejects invalid feedback with 400', async () => {
      const m = await insertMessage(env.server, env.alice.id, env.convoId);
      const path = `/api/messages/${env.convoId}/${m.messageId}/feedback`;
      for (const body of [
        {},
        { feedback: { rating: 'meh' } },
        { feedback: { rating: 'thumbsUp', tag: 'inaccurate' } },
        { feedback: { rating: 'thumbsDown', tag: 'accurate_reliable' } },
        { feedback: { rating: 'thumbsDown', tag: 'made_up' } },
        { feedback: { rating: 'thumbsDown', text: 'x'.repeat(1025) } },
      ]) {
        const res = await put(env.alice, path, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      expect(
        (await put(env.alice, path, { feedback: { rating: 'thumbsDown', text: 'x'.repeat(1024) } })).status,
      ).toBe(200);
    });

    it('answers 404 for another user’s message and leaves it unrated', async () => {
      const bobsConvo = await insertConversation(env.server, env.bob.id);
      const bobs = await insertMessage(env.server, env.bob.id, bobsConvo.conversationId);
      const res = await put(
        env.alice,
        `/api/messages/${bobsConvo.conversationId}/${bobs.messageId}/feedback`,
        {
          feedback: { rating: 'thumbsDown' },
        },
      );
      expect(res.status).toBe(404);
      expect((await env.stored(bobs.messageId)).feedback).toBeNull();
    });
  });
});
