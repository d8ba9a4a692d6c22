import type { ConversationListPage, MessageListPage, MessageSearchHit } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, insertConversation, insertMessage, json } from '../conversations/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

describe('full-text search', () => {
  let server: TestServer;
  let ann: TestUser;
  let ben: TestUser;
  let gardening: string;
  let cooking: string;
  beforeAll(async () => {
    server = await startTestServer();
    ann = await createTestUser(server);
    ben = await createTestUser(server);
    gardening = (await insertConversation(server, ann.id, { title: 'Gardening notes', updatedAt: at(10) }))
      .conversationId;
    cooking = (await insertConversation(server, ann.id, { title: 'Tomato soup', updatedAt: at(20) }))
      .conversationId;
    const temporary = await insertConversation(server, ann.id, {
      title: 'Tomato secrets',
      expiredAt: new Date(Date.now() + 3600_000),
    });
    const archived = await insertConversation(server, ann.id, { title: 'Old tomato', isArchived: true });
    const rows: [string, string, string, number][] = [
      [gardening, 'g1', 'How deep do I plant tomatoes?', 1],
      [gardening, 'g2', 'Plant tomato seeds shallow; tomatoes need tomato cages and plenty of sun', 2],
      [gardening, 'g3', 'Roses like sun too', 3],
      [cooking, 'c1', 'A soup with <script>alert(1)</script> tomato & basil', 4],
      [cooking, 'c2', 'Basil pesto without tomatoes', 5],
      [temporary.conversationId, 't1', 'temporary tomato never found', 6],
      [archived.conversationId, 'a1', 'archived tomato chat', 7],
    ];
    for (const [conversationId, id, text, t] of rows) {
      await insertMessage(server, ann.id, conversationId, {
        messageId: id,
        text,
        createdAt: at(t),
        updatedAt: at(t),
      });
    }
    const bens = await insertConversation(server, ben.id, { title: 'Tomato for ben' });
    await insertMessage(server, ben.id, bens.conversationId, {
      messageId: 'b1',
      text: 'tomato of another user',
    });
  });
  afterAll(() => server.stop());

  const messages = async (user: TestUser, query: string) => {
    const res = await server.api(`/api/messages?${query}`, { token: user.token });
    expect(res.status, query).toBe(200);
    return json<{ messages: MessageSearchHit[]; nextCursor: string | null }>(res);
  };
  const ids = (page: MessageListPage) => page.messages.map((m) => m.messageId);

  it('finds the caller’s messages by stem, best match first, then the most recent', async () => {
    const page = await messages(ann, 'search=Tomatoes');
    // g2 mentions it three times; the others once, newest first. Temporary chats never appear.
    expect(ids(page)).toEqual(['g2', 'a1', 'c2', 'c1', 'g1']);
    expect(page.messages[0]).toMatchObject({
      conversationId: gardening,
      title: 'Gardening notes',
      searchResult: true,
    });
  });

  it('answers a snippet in which only <mark> is markup', async () => {
    const hit = (await messages(ann, 'search=basil')).messages.find((m) => m.messageId === 'c1')!;
    expect(hit.snippet).toContain('<mark>basil</mark>');
    expect(hit.snippet).not.toContain('<script>');
    expect(hit.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    expect(hit.title).toBe('Tomato soup');
  });

  it('answers markdown messages as plain-text snippets (no heading marks, pipes or fences)', async () => {
    const notes = await insertConversation(server, ann.id, { title: 'Harvest log' });
    await insertMessage(server, ann.id, notes.conversationId, {
      messageId: 'm1',
      text: '## Zucchini harvest\n\n| Week | Zucchini |\n| --- | --- |\n| 1 | **4** |\n\n```python\nzucchini = 4\n```',
    });
    const hit = (await messages(ann, 'search=zucchini')).messages.find((m) => m.messageId === 'm1')!;
    const text = hit.snippet.replace(/<\/?mark>/g, '');
    expect(hit.snippet).toContain('<mark>Zucchini</mark>');
    expect(text).not.toMatch(/##|\||```|\*\*|---/);
    expect(text).toContain('Week Zucchini 1 4');
  });

  it('understands quotes, or and minus', async () => {
    expect(ids(await messages(ann, `search=${encodeURIComponent('"tomato cages"')}`))).toEqual(['g2']);
    expect(ids(await messages(ann, 'search=roses%20or%20pesto'))).toEqual(['c2', 'g3']);
    expect(ids(await messages(ann, 'search=tomato%20-basil%20-archived'))).toEqual(['g2', 'g1']);
    expect(ids(await messages(ann, 'search=the'))).toEqual([]);
  });

  it('pages with a cursor and refuses a foreign one', async () => {
    const first = await messages(ann, 'search=tomato&pageSize=2');
    expect(ids(first)).toEqual(['g2', 'a1']);
    const second = await messages(ann, `search=tomato&pageSize=2&cursor=${first.nextCursor}`);
    expect(ids(second)).toEqual(['c2', 'c1']);
    const third = await messages(ann, `search=tomato&pageSize=2&cursor=${second.nextCursor}`);
    expect(ids(third)).toEqual(['g1']);
    expect(third.nextCursor).toBeNull();
    const list = await json<MessageListPage>(
      await server.api('/api/messages?pageSize=1', { token: ann.token }),
    );
    const res = await server.api(`/api/messages?search=tomato&cursor=${list.nextCursor}`, {
      token: ann.token,
    });
    expect(res.status).toBe(400);
  });

  it('finds conversations by title or messages, title matches weigh more', async () => {
    const res = await server.api('/api/convos?search=tomato', { token: ann.token });
    const page = await json<ConversationListPage>(res);
    expect(page.conversations.map((c) => c.title)).toEqual(['Tomato soup', 'Gardening notes']);
    const roses = await json<ConversationListPage>(
      await server.api('/api/convos?search=roses', { token: ann.token }),
    );
    expect(roses.conversations.map((c) => c.title)).toEqual(['Gardening notes']);
    const archived = await json<ConversationListPage>(
      await server.api('/api/convos?search=tomato&isArchived=true', { token: ann.token }),
    );
    expect(archived.conversations.map((c) => c.title)).toEqual(['Old tomato']);
    const paged = await json<ConversationListPage>(
      await server.api('/api/convos?search=tomato&pageSize=1', { token: ann.token }),
    );
    const next = await json<ConversationListPage>(
      await server.api(`/api/convos?search=tomato&pageSize=1&cursor=${paged.nextCursor}`, {
        token: ann.token,
      }),
    );
    expect(next.conversations.map((c) => c.title)).toEqual(['Gardening notes']);
  });

  it('matches the word being typed as a prefix, in message and conversation search', async () => {
    const titles = async (search: string) =>
      (
        await json<ConversationListPage>(
          await server.api(`/api/convos?search=${encodeURIComponent(search)}`, { token: ann.token }),
        )
      ).conversations.map((c) => c.title);
    const found = async (search: string) => ids(await messages(ann, `search=${encodeURIComponent(search)}`));
    // "pes" is no word; as the start of one it finds "pesto".
    expect(await found('pes')).toEqual(['c2']);
    expect(await found('PES')).toEqual(['c2']);
    // Finished words stay exact; only the last one is a prefix.
    expect(await found('plant sha')).toEqual(['g2']);
    // "sha" finished is exact and full text finds nothing; typo-tolerant matching (typo-search.test.ts)
    // then answers the message near both words ("sha" is near "shallow"), not g1's "plant" alone.
    expect(await found('sha plant')).toEqual(['g2']);
    // The prefix is stemmed like the stored words: "tomatoe" and "roses" still match.
    expect(await found('tomatoe')).toEqual(['g2', 'a1', 'c2', 'c1', 'g1']);
    expect(await found('roses')).toEqual(['g3']);
    // Inside an open phrase, after `or` and in an exclusion the word is taken as typed.
    expect(await found('"tomato cag')).toEqual([]);
    expect(await found('roses or pes')).toEqual(['g3']);
    // ("bas" is no word: nothing is excluded.)
    expect((await found('tomato -bas')).sort()).toEqual(['a1', 'c1', 'c2', 'g1', 'g2']);
    // One or two letters are a whole word, not a prefix (they would match most of a history).
    expect(await found('pe')).toEqual([]);
    const snippet = (await messages(ann, 'search=bas')).messages.find((m) => m.messageId === 'c1')!.snippet;
    expect(snippet).toContain('<mark>basil</mark>');
    // Conversations: by title ("Gardening notes") and by message ("Roses like sun").
    expect(await titles('gard')).toEqual(['Gardening notes']);
    expect(await titles('ros')).toEqual(['Gardening notes']);
    expect(await titles('sou')).toEqual(['Tomato soup']);
  });

  it('never shows another user’s messages or conversations', async () => {
    expect(ids(await messages(ben, 'search=tomato'))).toEqual(['b1']);
    expect(ids(await messages(ann, 'search=another'))).toEqual([]);
  });
});
