import { NO_PARENT, type Message, type MessageListPage } from '@parley/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { at, insertConversation, insertMessage, json } from '../conversations/fixtures.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { useMessageTestEnv } from './message-test-env.ts';

describe('message reads', () => {
  const env = useMessageTestEnv();
  let bobConvoId: string;

  beforeAll(async () => {
    bobConvoId = (await insertConversation(env.server, env.bob.id)).conversationId;
    await insertMessage(env.server, env.bob.id, bobConvoId, { messageId: 'bob-1', text: 'bob says hello' });
  });

  const get = (user: TestUser, path: string) => env.server.api(path, { token: user.token });

  describe('GET /api/messages/{conversationId}', () => {
    it('returns a branched tree with every parent before its children', async () => {
      const same = at(5);
      // Ids chosen so that an id tiebreak alone would put children before their parents.
      await insertMessage(env.server, env.alice.id, env.convoId, {
        messageId: 'z-root',
        createdAt: same,
        text: 'q1',
      });
      await insertMessage(env.server, env.alice.id, env.convoId, {
        messageId: 'a-answer',
        parentMessageId: 'z-root',
        sender: 'AI',
        isCreatedByUser: false,
        createdAt: same,
      });
      await insertMessage(env.server, env.alice.id, env.convoId, {
        messageId: 'm-regenerated',
        parentMessageId: 'z-root',
        sender: 'AI',
        isCreatedByUser: false,
        createdAt: at(6),
      });
      await insertMessage(env.server, env.alice.id, env.convoId, {
        messageId: 'b-followup',
        parentMessageId: 'a-answer',
        createdAt: at(7),
      });
      const res = await get(env.alice, `/api/messages/${env.convoId}`);
      expect(res.status).toBe(200);
      const list = await json<Message[]>(res);
      expect(list.map((m) => m.messageId)).toEqual(['z-root', 'a-answer', 'm-regenerated', 'b-followup']);
      const seen = new Set<string>();
      for (const message of list) {
        expect(message.parentMessageId === NO_PARENT || seen.has(message.parentMessageId)).toBe(true);
        seen.add(message.messageId);
      }
      expect(list[1]).toMatchObject({ sender: 'AI', isCreatedByUser: false, conversationId: env.convoId });
    });

    it('answers 404 for another user’s, an unknown or an expired conversation', async () => {
      const expired = await insertConversation(env.server, env.alice.id, {
        expiredAt: new Date(Date.now() - 1),
      });
      await insertMessage(env.server, env.alice.id, expired.conversationId);
      for (const id of [bobConvoId, 'unknown', expired.conversationId]) {
        expect((await get(env.alice, `/api/messages/${id}`)).status, id).toBe(404);
      }
    });

    it('answers an empty list for a conversation without messages', async () => {
      const empty = await insertConversation(env.server, env.alice.id);
      expect(await json(await get(env.alice, `/api/messages/${empty.conversationId}`))).toEqual([]);
    });
  });

  describe('GET /api/messages', () => {
    let dana: TestUser;
    let danaConvo: string;
    beforeAll(async () => {
      dana = await createTestUser(env.server);
      danaConvo = (await insertConversation(env.server, dana.id)).conversationId;
      for (let i = 1; i <= 5; i += 1) {
        await insertMessage(env.server, dana.id, danaConvo, {
          messageId: `d${i}`,
          text: i % 2 ? `odd 50% message ${i}` : `Even message ${i}`,
          createdAt: at(i),
          updatedAt: at(100 - i),
        });
      }
      const other = await insertConversation(env.server, dana.id);
      await insertMessage(env.server, dana.id, other.conversationId, {
        messageId: 'd-other',
        createdAt: at(50),
      });
      const gone = await insertConversation(env.server, dana.id, { expiredAt: new Date(Date.now() - 1) });
      await insertMessage(env.server, dana.id, gone.conversationId, {
        messageId: 'd-expired',
        createdAt: at(60),
      });
    });

    const page = async (query: string) => {
      const res = await get(dana, `/api/messages${query}`);
      expect(res.status, query).toBe(200);
      return json<MessageListPage>(res);
    };
    const ids = (p: MessageListPage) => p.messages.map((m) => m.messageId);

    it('lists the caller’s messages newest first, without those of expired chats', async () => {
      expect(ids(await page(''))).toEqual(['d-other', 'd5', 'd4', 'd3', 'd2', 'd1']);
    });

    it('narrows to a conversation and pages it with a cursor', async () => {
      const first = await page(`?conversationId=${danaConvo}&pageSize=2&sortDirection=asc`);
      expect(ids(first)).toEqual(['d1', 'd2']);
      const second = await page(
        `?conversationId=${danaConvo}&pageSize=2&sortDirection=asc&cursor=${first.nextCursor}`,
      );
      expect(ids(second)).toEqual(['d3', 'd4']);
      const third = await page(
        `?conversationId=${danaConvo}&pageSize=2&sortDirection=asc&cursor=${second.nextCursor}`,
      );
      expect(ids(third)).toEqual(['d5']);
      expect(third.nextCursor).toBeNull();
    });

    it('sorts by updatedAt', async () => {
      expect(ids(await page(`?conversationId=${danaConvo}&sortBy=updatedAt`))).toEqual([
        'd1',
        'd2',
        'd3',
        'd4',
        'd5',
      ]);
    });

    it('answers the single message for conversationId and messageId', async () => {
      const one = await page(`?conversationId=${danaConvo}&messageId=d3`);
      expect(one.messages).toHaveLength(1);
      expect(one.messages[0]).toMatchObject({ messageId: 'd3', text: 'odd 50% message 3' });
      expect(one.nextCursor).toBeNull();
      expect((await page(`?conversationId=${danaConvo}&messageId=d-other`)).messages).toEqual([]);
    });

    it('searches the text case-insensitively, by relevance then latest update', async () => {
      expect(ids(await page('?search=EVEN'))).toEqual(['d2', 'd4']);
      expect(ids(await page('?search=50%25'))).toEqual(['d1', 'd3', 'd5']);
      expect(ids(await page('?search=bob'))).toEqual([]);
    });

    it('never shows another user’s messages', async () => {
      expect((await get(dana, `/api/messages?conversationId=${bobConvoId}`)).status).toBe(404);
      expect((await get(dana, `/api/messages?conversationId=${bobConvoId}&messageId=env.bob-1`)).status).toBe(
        404,
      );
      expect((await page('?messageId=env.bob-1')).messages).toEqual([]);
    });

    it('rejects malformed queries with 400', async () => {
      for (const query of [
        '?pageSize=0',
        '?pageSize=101',
        '?sortBy=title',
        '?sortDirection=sideways',
        '?cursor=garbage',
        `?conversationId=${'x'.repeat(201)}`,
      ]) {
        const res = await get(dana, `/api/messages${query}`);
        expect(res.status, query).toBe(400);
      }
      const first = await page('?pageSize=1');
      expect((await get(dana, `/api/messages?sortBy=updatedAt&cursor=${first.nextCursor}`)).status).toBe(400);
    });

    it('needs a token', async () => {
      expect((await env.server.api('/api/messages')).status).toBe(401);
      expect((await env.server.api(`/api/messages/${danaConvo}`)).status).toBe(401);
    });
  });
});
