import type { ConversationListPage, MessageSearchHit } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, insertConversation, insertMessage, json } from '../conversations/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

// Typo-tolerant search (pg_trgm, migration 0025): used when full text finds fewer than three
// matches. Runs on PGlite here and on PostgreSQL in CI (DATABASE_URL).
describe('typo-tolerant search', () => {
  let server: TestServer;
  let ann: TestUser;
  let ben: TestUser;
  let trip: string;
  let andalusia: string;
  beforeAll(async () => {
    server = await startTestServer();
    ann = await createTestUser(server);
    ben = await createTestUser(server);
    trip = (await insertConversation(server, ann.id, { title: 'Weekend away', updatedAt: at(10) }))
      .conversationId;
    andalusia = (await insertConversation(server, ann.id, { title: 'Andalusia', updatedAt: at(20) }))
      .conversationId;
    await insertConversation(server, ann.id, { title: 'Marrakesh itinerary', updatedAt: at(30) });
    const rows: [string, string, string, number][] = [
      [trip, 'l1', 'Three days in Lisbon: trams, pastries and fado', 1],
      [trip, 'l2', 'Pack light shoes for the hills', 2],
      [andalusia, 's1', 'Sevilla in spring', 3],
      [andalusia, 's2', 'The cathedral of Sevilla', 4],
      [andalusia, 's3', 'Tapas in Sevilla at night', 5],
      [andalusia, 's4', 'Seville oranges are bitter', 6],
    ];
    for (const [conversationId, id, text, t] of rows) {
      await insertMessage(server, ann.id, conversationId, {
        messageId: id,
        text,
        createdAt: at(t),
        updatedAt: at(t),
      });
    }
    const bens = await insertConversation(server, ben.id, { title: 'Lisbon for ben' });
    await insertMessage(server, ben.id, bens.conversationId, {
      messageId: 'b1',
      text: 'Lisbon of another user',
    });
  });
  afterAll(() => server.stop());

  const messages = async (user: TestUser, query: string) => {
    const res = await server.api(`/api/messages?${query}`, { token: user.token });
    expect(res.status, query).toBe(200);
    return json<{ messages: MessageSearchHit[]; nextCursor: string | null }>(res);
  };
  const ids = (page: { messages: MessageSearchHit[] }) => page.messages.map((m) => m.messageId);
  const conversations = async (user: TestUser, query: string) => {
    const res = await server.api(`/api/convos?${query}`, { token: user.token });
    expect(res.status, query).toBe(200);
    return json<ConversationListPage>(res);
  };

  it('finds "Lisbon" for "lisbn", only among the caller’s messages', async () => {
    expect(ids(await messages(ann, 'search=lisbn'))).toEqual(['l1']);
    expect(ids(await messages(ben, 'search=lisbn'))).toEqual(['b1']);
    const hit = (await messages(ann, 'search=lisbn')).messages[0]!;
    expect(hit).toMatchObject({ conversationId: trip, title: 'Weekend away', searchResult: true });
  });

  it('finds conversations by a misspelt word of a message or of the title', async () => {
    expect((await conversations(ann, 'search=lisbn')).conversations.map((c) => c.conversationId)).toEqual([
      trip,
    ]);
    const byTitle = await conversations(ann, 'search=marakesh');
    expect(byTitle.conversations.map((c) => c.title)).toEqual(['Marrakesh itinerary']);
  });

  it('adds no near-misses when full text already finds enough', async () => {
    // Three exact matches: "Seville" is similar but not asked for.
    expect(ids(await messages(ann, 'search=sevilla')).sort()).toEqual(['s1', 's2', 's3']);
  });

  it('ranks a typo’s near-misses by similarity and pages through them with its own cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { messages: MessageSearchHit[]; nextCursor: string | null } = await messages(
        ann,
        `search=sevila&pageSize=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 10);
    expect(seen.sort()).toEqual(['s1', 's2', 's3', 's4']);
  });

  it('does not guess from too few letters, nor when the search asks for exact matches', async () => {
    expect(ids(await messages(ann, 'search=lsb'))).toEqual([]);
    expect(ids(await messages(ann, `search=${encodeURIComponent('"lisbn trams"')}`))).toEqual([]);
    expect(ids(await messages(ann, 'search=lisbn%20-fado'))).toEqual([]);
  });

  it('refuses a forged typo-search cursor', async () => {
    const forged = Buffer.from(JSON.stringify({ o: 'similarity:desc', v: 'drop table|x', i: 'l1' })).toString(
      'base64url',
    );
    const res = await server.api(`/api/messages?search=lisbn&cursor=${forged}`, { token: ann.token });
    expect(res.status).toBe(400);
    const convos = await server.api(`/api/convos?search=lisbn&cursor=${forged}`, { token: ann.token });
    expect(convos.status).toBe(400);
  });

  it('keeps an exact match above every near-miss', async () => {
    // "oranges" matches s4 by full text; nothing else is near it, "lisbon" is not.
    expect(ids(await messages(ann, 'search=oranges'))).toEqual(['s4']);
    await insertMessage(server, ann.id, trip, { messageId: 'l3', text: 'Lisbn is how I keep typing it' });
    // Last in this file: l3 stays.
    expect(ids(await messages(ann, 'search=lisbn'))).toEqual(['l3', 'l1']);
  });
});
