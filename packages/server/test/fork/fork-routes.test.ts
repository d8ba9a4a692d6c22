import { NO_PARENT, type ForkResult, type Message } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, insertConversation, insertMessage, json } from '../conversations/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

describe('fork and duplicate', () => {
  let server: TestServer;
  let ann: TestUser;
  let conversationId: string;
  beforeAll(async () => {
    server = await startTestServer();
    ann = await createTestUser(server);
    conversationId = (await insertConversation(server, ann.id, { title: 'Origin', tags: ['Saved'] }))
      .conversationId;
    //  q1 ── a1 ── q2 ── a2
    //        └──── q2b
    const rows: [string, string][] = [
      ['q1', NO_PARENT],
      ['a1', 'q1'],
      ['q2', 'a1'],
      ['q2b', 'a1'],
      ['a2', 'q2'],
    ];
    for (const [i, [id, parent]] of rows.entries()) {
      await insertMessage(server, ann.id, conversationId, {
        messageId: `${conversationId}-${id}`,
        parentMessageId: parent === NO_PARENT ? NO_PARENT : `${conversationId}-${parent}`,
        text: `text ${id}`,
        createdAt: at(i),
      });
    }
  });
  afterAll(() => server.stop());

  const post = (user: TestUser, path: string, body: unknown) =>
    server.api(path, { method: 'POST', token: user.token, json: body });
  const texts = (messages: Message[]) => messages.map((m) => m.text.replace('text ', '')).sort();
  const id = (short: string) => `${conversationId}-${short}`;

  it('forks the direct path with new ids and remapped parents', async () => {
    const res = await post(ann, '/api/convos/fork', {
      conversationId,
      messageId: id('q2'),
      option: 'directPath',
    });
    expect(res.status).toBe(201);
    const fork = await json<ForkResult>(res);
    expect(fork.conversation.conversationId).not.toBe(conversationId);
    expect(fork.conversation).toMatchObject({
      title: 'Origin',
      tags: [],
      isArchived: false,
      expiredAt: null,
    });
    expect(texts(fork.messages)).toEqual(['a1', 'q1', 'q2']);
    const ids = new Set(fork.messages.map((m) => m.messageId));
    for (const m of fork.messages) {
      expect(m.messageId.startsWith(conversationId)).toBe(false);
      expect(m.conversationId).toBe(fork.conversation.conversationId);
      expect(m.parentMessageId === NO_PARENT || ids.has(m.parentMessageId)).toBe(true);
    }
    const stored = await json<Message[]>(
      await server.api(`/api/messages/${fork.conversation.conversationId}`, { token: ann.token }),
    );
    expect(texts(stored)).toEqual(['a1', 'q1', 'q2']);
  });

  it('includes branches, target level and split at target', async () => {
    const branches = await json<ForkResult>(
      await post(ann, '/api/convos/fork', { conversationId, messageId: id('q2'), option: 'includeBranches' }),
    );
    expect(texts(branches.messages)).toEqual(['a1', 'q1', 'q2', 'q2b']);
    const level = await json<ForkResult>(
      await post(ann, '/api/convos/fork', { conversationId, messageId: id('a2'), option: 'targetLevel' }),
    );
    expect(texts(level.messages)).toEqual(['a1', 'a2', 'q1', 'q2', 'q2b']);
    const split = await json<ForkResult>(
      await post(ann, '/api/convos/fork', {
        conversationId,
        messageId: id('a1'),
        option: 'directPath',
        splitAtTarget: true,
        latestMessageId: id('a2'),
      }),
    );
    expect(texts(split.messages)).toEqual(['a1', 'a2', 'q2']);
    expect(split.messages.find((m) => m.text === 'text a1')!.parentMessageId).toBe(NO_PARENT);
  });

  it('duplicates everything under a "(copy)" title', async () => {
    const res = await post(ann, '/api/convos/duplicate', { conversationId });
    expect(res.status).toBe(201);
    const copy = await json<ForkResult>(res);
    expect(copy.conversation.title).toBe('Origin (copy)');
    expect(texts(copy.messages)).toEqual(['a1', 'a2', 'q1', 'q2', 'q2b']);
    const named = await json<ForkResult>(
      await post(ann, '/api/convos/duplicate', { conversationId, title: 'Mine' }),
    );
    expect(named.conversation.title).toBe('Mine');
  });

  it('answers 404 for another user’s conversation and 400 for bad bodies', async () => {
    const ben = await createTestUser(server);
    expect((await post(ben, '/api/convos/fork', { conversationId, messageId: id('q1') })).status).toBe(404);
    expect((await post(ben, '/api/convos/duplicate', { conversationId })).status).toBe(404);
    expect((await post(ann, '/api/convos/fork', { conversationId, messageId: 'nope' })).status).toBe(400);
    for (const body of [
      {},
      { conversationId },
      { conversationId, messageId: id('q1'), option: 'sideways' },
    ]) {
      expect((await post(ann, '/api/convos/fork', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await post(ann, '/api/convos/duplicate', { conversationId: 5 })).status).toBe(400);
    expect((await post(ann, '/api/convos/duplicate', { conversationId, title: '' })).status).toBe(400);
  });
});
