import type { ConversationListPage } from '@parley/schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../src/db/schema/index.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { at, insertConversation, json } from './fixtures.ts';

describe('GET /api/convos', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  const list = async (user: TestUser, query = '') => {
    const res = await server.api(`/api/convos${query}`, { token: user.token });
    expect(res.status).toBe(200);
    return json<ConversationListPage>(res);
  };
  const titles = (page: ConversationListPage) => page.conversations.map((c) => c.title);

  /** Follows nextCursor to the end and returns every title in order. */
  const walk = async (user: TestUser, query: string) => {
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await list(user, `?${query}${suffix}`);
      all.push(...titles(page));
      cursor = page.nextCursor;
    } while (cursor);
    return all;
  };

  beforeAll(async () => {
    server = await startTestServer();
    alice = await createTestUser(server);
    bob = await createTestUser(server);
  });
  afterAll(() => server.stop());

  it('needs a signed-in caller', async () => {
    expect((await server.api('/api/convos')).status).toBe(401);
  });

  it('answers an empty page for a user without conversations', async () => {
    expect(await list(alice)).toEqual({ conversations: [], nextCursor: null });
  });

  describe('with data', () => {
    let carol: TestUser;
    beforeAll(async () => {
      carol = await createTestUser(server);
      for (let i = 1; i <= 5; i += 1) {
        await insertConversation(server, carol.id, {
          title: `Chat ${i}`,
          createdAt: at(10 - i),
          updatedAt: at(i),
        });
      }
      await insertConversation(server, bob.id, { title: 'Bob chat', updatedAt: at(100) });
      await insertConversation(server, carol.id, {
        title: 'Temporary',
        updatedAt: at(200),
        expiredAt: new Date(Date.now() + 3_600_000),
      });
    });

    it('lists only the caller’s saved chats, newest update first, never temporary ones', async () => {
      const page = await list(carol);
      expect(titles(page)).toEqual(['Chat 5', 'Chat 4', 'Chat 3', 'Chat 2', 'Chat 1']);
      expect(page.nextCursor).toBeNull();
      expect(page.conversations[0]).toMatchObject({ user: carol.id, isArchived: false, expiredAt: null });
    });

    it('pages with an opaque cursor until nextCursor is null', async () => {
      const first = await list(carol, '?pageSize=2');
      expect(titles(first)).toEqual(['Chat 5', 'Chat 4']);
      expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(await walk(carol, 'pageSize=2')).toEqual(['Chat 5', 'Chat 4', 'Chat 3', 'Chat 2', 'Chat 1']);
    });

    it('keeps later pages stable when a conversation is created meanwhile', async () => {
      const dave = await createTestUser(server);
      for (let i = 1; i <= 4; i += 1) {
        await insertConversation(server, dave.id, { title: `D${i}`, updatedAt: at(i) });
      }
      const first = await list(dave, '?pageSize=2');
      await insertConversation(server, dave.id, { title: 'Fresh' });
      const second = await list(dave, `?pageSize=2&cursor=${first.nextCursor}`);
      expect(titles(first)).toEqual(['D4', 'D3']);
      expect(titles(second)).toEqual(['D2', 'D1']);
      expect(second.nextCursor).toBeNull();
    });

    it('sorts by createdAt and by title in both directions', async () => {
      expect(titles(await list(carol, '?sortBy=createdAt'))).toEqual([
        'Chat 1',
        'Chat 2',
        'Chat 3',
        'Chat 4',
        'Chat 5',
      ]);
      expect(await walk(carol, 'sortBy=createdAt&sortDirection=asc&pageSize=2')).toEqual([
        'Chat 5',
        'Chat 4',
        'Chat 3',
        'Chat 2',
        'Chat 1',
      ]);
      expect(await walk(carol, 'sortBy=title&sortDirection=asc&pageSize=3')).toEqual([
        'Chat 1',
        'Chat 2',
        'Chat 3',
        'Chat 4',
        'Chat 5',
      ]);
      expect(titles(await list(carol, '?sortBy=title&pageSize=2'))).toEqual(['Chat 5', 'Chat 4']);
    });

    it('refuses a cursor made for another ordering, or a forged one', async () => {
      const first = await list(carol, '?pageSize=2');
      const foreign = await server.api(`/api/convos?sortBy=title&cursor=${first.nextCursor}`, {
        token: carol.token,
      });
      expect(foreign.status).toBe(400);
      const forge = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      for (const cursor of [
        'not-a-cursor!',
        forge({ o: 'updatedAt:desc', v: "2026-01-01'; drop table users;--", i: 'x' }),
        forge({ o: 'updatedAt:desc', v: '2026-02-30T10:00:00.000000Z', i: 'x' }),
        forge({ o: 'updatedAt:desc', v: '2026-01-01T10:00:00.000000Z' }),
        forge(['updatedAt:desc']),
      ]) {
        const res = await server.api(`/api/convos?cursor=${encodeURIComponent(cursor)}`, {
          token: carol.token,
        });
        expect(res.status, cursor).toBe(400);
        expect((await json(res)).message).toBe('Invalid cursor');
      }
    });
  });

  it('pages exactly through rows whose timestamps differ only in microseconds or tie', async () => {
    const erin = await createTestUser(server);
    const stamps = ['.123456', '.123456', '.123457', '.123455', '.123456', '.123999'];
    for (const [i, fraction] of stamps.entries()) {
      const row = await insertConversation(server, erin.id, { title: `E${i}` });
      await server.ctx.db
        .update(conversations)
        .set({ updatedAt: sql`${`2026-01-01 10:00:00${fraction}+00`}::timestamptz` })
        .where(sql`${conversations.conversationId} = ${row.conversationId}`);
    }
    const everything = titles(await list(erin, '?pageSize=100'));
    expect(everything).toHaveLength(6);
    for (const size of [1, 2, 4]) {
      expect(await walk(erin, `pageSize=${size}`)).toEqual(everything);
      expect(await walk(erin, `pageSize=${size}&sortDirection=asc`)).toEqual([...everything].reverse());
    }
    expect(everything.slice(0, 1)).toEqual(['E5']);
    expect(everything.at(-1)).toBe('E3');
  });

  it('filters archived conversations, tags (any of) and title text', async () => {
    const fay = await createTestUser(server);
    await insertConversation(server, fay.id, { title: 'Cooking pasta', tags: ['food'] });
    await insertConversation(server, fay.id, { title: 'Trip to Rome', tags: ['travel', 'food'] });
    await insertConversation(server, fay.id, { title: 'Tax 100% done', tags: ['admin'] });
    await insertConversation(server, fay.id, { title: 'Old pasta', isArchived: true, tags: ['food'] });

    expect(titles(await list(fay, '?isArchived=true'))).toEqual(['Old pasta']);
    expect((await list(fay, '?isArchived=false')).conversations).toHaveLength(3);
    expect(titles(await list(fay, '?tags=travel&sortBy=title&sortDirection=asc'))).toEqual(['Trip to Rome']);
    expect(titles(await list(fay, '?tags=travel&tags=admin&sortBy=title&sortDirection=asc'))).toEqual([
      'Tax 100% done',
      'Trip to Rome',
    ]);
    expect(titles(await list(fay, '?search=PASTA'))).toEqual(['Cooking pasta']);
    expect(titles(await list(fay, '?search=PASTA&isArchived=true'))).toEqual(['Old pasta']);
    // Full-text search: words match, punctuation alone is no search term.
    expect(titles(await list(fay, '?search=tax'))).toEqual(['Tax 100% done']);
    expect(titles(await list(fay, '?search=%25'))).toEqual([]);
    expect(titles(await list(fay, '?search=_'))).toEqual([]);
    expect((await list(fay, '?search=%20%20')).conversations).toHaveLength(3);
  });

  it('rejects malformed queries with 400', async () => {
    for (const query of [
      '?pageSize=0',
      '?pageSize=101',
      '?pageSize=abc',
      '?pageSize=2.5',
      '?sortBy=user',
      '?sortDirection=up',
      '?isArchived=maybe',
      `?search=${'x'.repeat(501)}`,
      '?tags=',
    ]) {
      const res = await server.api(`/api/convos${query}`, { token: alice.token });
      expect(res.status, query).toBe(400);
      expect(await json(res)).toHaveProperty('issues');
    }
  });
});
