import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertConversation, insertMessage, json } from '../conversations/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

/** A cursor as a client could forge it: base64url of any JSON. */
const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const TIMESTAMP_FORGERIES = [
  { o: 'updatedAt:desc', v: '2024-01-01T00:00:00.000000Z', i: 'a\u0000b' },
  { o: 'updatedAt:desc', v: '2024-01-01T00:00:00.000000Z', i: 'a\ud800b' },
  { o: 'updatedAt:desc', v: '2021-02-31T00:00:00.000000Z', i: 'a' },
  { o: 'updatedAt:desc', v: '0000-01-01T00:00:00.000000Z', i: 'a' },
  { o: 'updatedAt:desc', v: '2024-01-01T00:00:00.000000Z', i: '' },
  { o: 'updatedAt:desc', v: 1, i: 'a' },
  { o: 'updatedAt:desc', v: '2024-01-01T00:00:00.000000Z', i: 'x'.repeat(201) },
];
const SEARCH_FORGERIES = [
  '1e999|2024-01-01T00:00:00.000000Z',
  '1e300|2024-01-01T00:00:00.000000Z',
  '1e-300|2024-01-01T00:00:00.000000Z',
  'NaN|2024-01-01T00:00:00.000000Z',
  '0.1|2021-02-31T00:00:00.000000Z',
  '0.1|0000-01-01T00:00:00.000000Z',
  '0.1|2024-01-01T00:00:00.000000Z|x',
  '0.1',
].map((v) => ({ o: 'relevance:desc', v, i: 'a' }));

describe('forged pagination cursors are a 400, never a database error', () => {
  let server: TestServer;
  let user: TestUser;
  let conversationId: string;
  beforeAll(async () => {
    server = await startTestServer();
    user = await createTestUser(server);
    // Rows to page over, so every forged value really reaches the query that compares it.
    conversationId = (await insertConversation(server, user.id, { title: 'tomato chat' })).conversationId;
    await insertMessage(server, user.id, conversationId, { text: 'tomato soup' });
    await insertMessage(server, user.id, conversationId, { text: 'tomato salad' });
    const share = await server.api(`/api/share/${conversationId}`, {
      method: 'POST',
      token: user.token,
      json: {},
    });
    expect(share.status).toBeLessThan(300);
  });
  afterAll(() => server.stop());

  const statusOf = async (path: string) => {
    const res = await server.api(path, { token: user.token });
    const body = await json<{ message?: string }>(res);
    return `${res.status} ${body.message ?? ''}`.trim();
  };

  it.each([
    ['/api/convos?', ''],
    ['/api/messages?', ''],
    ['/api/share?sortBy=updatedAt&', ''],
  ])('%s with timestamp cursors', async (path) => {
    for (const forged of TIMESTAMP_FORGERIES) {
      expect(await statusOf(`${path}cursor=${forge(forged)}`), JSON.stringify(forged)).toBe(
        '400 Invalid cursor',
      );
    }
  });

  it('title cursors with NUL or lone surrogates', async () => {
    for (const v of ['x\u0000', 'x\udc00', 'x'.repeat(1001)]) {
      const cursor = forge({ o: 'title:desc', v, i: 'a' });
      expect(await statusOf(`/api/convos?sortBy=title&cursor=${cursor}`)).toBe('400 Invalid cursor');
    }
  });

  it.each(['/api/convos?search=tomato&', '/api/messages?search=tomato&'])(
    '%s with search cursors',
    async (path) => {
      for (const forged of SEARCH_FORGERIES) {
        expect(await statusOf(`${path}cursor=${forge(forged)}`), forged.v).toBe('400 Invalid cursor');
      }
    },
  );

  it('a genuine cursor still pages', async () => {
    const first = await server.api('/api/messages?search=tomato&pageSize=1', { token: user.token });
    const page = await json<{ nextCursor: string | null; messages: unknown[] }>(first);
    expect(page.messages).toHaveLength(1);
    expect(page.nextCursor).toBeTruthy();
    const second = await server.api(`/api/messages?search=tomato&pageSize=1&cursor=${page.nextCursor}`, {
      token: user.token,
    });
    expect(second.status).toBe(200);
    expect((await json<{ messages: unknown[] }>(second)).messages).toHaveLength(1);
  });
});
