import { NO_PARENT, type SharedConversation, type SharedLink, type SharedLinksPage } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertConversation, insertMessage, json } from '../conversations/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

describe('share links', () => {
  let server: TestServer;
  let ann: TestUser;
  let ben: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    ann = await createTestUser(server);
    ben = await createTestUser(server);
  });
  afterAll(() => server.stop());

  const call = (user: TestUser | null, method: string, path: string, body?: unknown) =>
    server.api(path, { method, token: user?.token, ...(body !== undefined ? { json: body } : {}) });

  async function conversationWithMessages(user: TestUser, title = 'Shared chat') {
    const convo = await insertConversation(server, user.id, { title });
    const first = await insertMessage(server, user.id, convo.conversationId, { text: 'question one' });
    await insertMessage(server, user.id, convo.conversationId, {
      text: 'answer one',
      parentMessageId: first.messageId,
      isCreatedByUser: false,
      sender: 'GPT',
      feedback: { rating: 'thumbsUp' },
    });
    return convo;
  }

  it('creates one link per conversation and shows its snapshot to anyone', async () => {
    const convo = await conversationWithMessages(ann);
    const res = await call(ann, 'POST', `/api/share/${convo.conversationId}`);
    expect(res.status).toBe(201);
    const link = await json<SharedLink>(res);
    expect(link).toMatchObject({
      conversationId: convo.conversationId,
      title: 'Shared chat',
      isPublic: true,
    });
    expect(link.shareId).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const again = await call(ann, 'POST', `/api/share/${convo.conversationId}`);
    expect(again.status).toBe(200);
    expect((await json<SharedLink>(again)).shareId).toBe(link.shareId);

    const lookup = await json(await call(ann, 'GET', `/api/share/link/${convo.conversationId}`));
    expect(lookup).toEqual({ success: true, shareId: link.shareId, conversationId: convo.conversationId });

    const publicRes = await call(null, 'GET', `/api/share/${link.shareId}`);
    expect(publicRes.status).toBe(200);
    const shared = await json<SharedConversation>(publicRes);
    expect(shared).toMatchObject({
      shareId: link.shareId,
      title: 'Shared chat',
      conversationId: convo.conversationId,
    });
    expect(shared.messages.map((m) => m.text)).toEqual(['question one', 'answer one']);
    expect(shared.messages[0]!.parentMessageId).toBe(NO_PARENT);
    expect(shared.messages[1]!.parentMessageId).toBe(shared.messages[0]!.messageId);
    const raw = JSON.stringify(shared);
    expect(raw).not.toContain(ann.id);
    expect(raw).not.toContain(ann.email);
    expect(raw).not.toContain('thumbsUp');
  });

  it('keeps the snapshot until a refresh, which gives a new id', async () => {
    const convo = await conversationWithMessages(ann, 'Before');
    const link = await json<SharedLink>(await call(ann, 'POST', `/api/share/${convo.conversationId}`));
    await insertMessage(server, ann.id, convo.conversationId, { text: 'written later' });
    await call(ann, 'POST', '/api/convos/update', {
      arg: { conversationId: convo.conversationId, title: 'After' },
    });
    const before = await json<SharedConversation>(await call(null, 'GET', `/api/share/${link.shareId}`));
    expect(before.title).toBe('Before');
    expect(before.messages.map((m) => m.text)).not.toContain('written later');

    const refreshed = await call(ann, 'PATCH', `/api/share/${link.shareId}`);
    expect(refreshed.status).toBe(200);
    const next = await json<SharedLink>(refreshed);
    expect(next.shareId).not.toBe(link.shareId);
    expect((await call(null, 'GET', `/api/share/${link.shareId}`)).status).toBe(404);
    const after = await json<SharedConversation>(await call(null, 'GET', `/api/share/${next.shareId}`));
    expect(after.title).toBe('After');
    expect(after.messages.map((m) => m.text)).toContain('written later');
  });

  it('lists the caller’s links newest first, 25 a page, searchable by title', async () => {
    const cara = await createTestUser(server);
    for (let i = 0; i < 27; i++) {
      const convo = await conversationWithMessages(cara, i % 2 ? `Odd ${i}` : `Even ${i}`);
      expect((await call(cara, 'POST', `/api/share/${convo.conversationId}`)).status).toBe(201);
    }
    const first = await json<SharedLinksPage>(await call(cara, 'GET', '/api/share'));
    expect(first.links).toHaveLength(25);
    expect(first.hasNextPage).toBe(true);
    expect(first.links[0]!.title).toBe('Even 26');
    const second = await json<SharedLinksPage>(
      await call(cara, 'GET', `/api/share?cursor=${encodeURIComponent(first.nextCursor!)}`),
    );
    expect(second.links.map((l) => l.title)).toEqual(['Odd 1', 'Even 0']);
    expect(second).toMatchObject({ hasNextPage: false, nextCursor: null });
    const odd = await json<SharedLinksPage>(await call(cara, 'GET', '/api/share?search=odd&pageSize=100'));
    expect(odd.links).toHaveLength(13);
    expect((await json<SharedLinksPage>(await call(ben, 'GET', '/api/share'))).links).toEqual([]);
  });

  it('deletes a link; another user’s ids are 404', async () => {
    const convo = await conversationWithMessages(ann);
    const link = await json<SharedLink>(await call(ann, 'POST', `/api/share/${convo.conversationId}`));
    expect((await call(ben, 'POST', `/api/share/${convo.conversationId}`)).status).toBe(404);
    expect((await call(ben, 'PATCH', `/api/share/${link.shareId}`)).status).toBe(404);
    expect((await call(ben, 'DELETE', `/api/share/${link.shareId}`)).status).toBe(404);
    expect(await json(await call(ben, 'GET', `/api/share/link/${convo.conversationId}`))).toEqual({
      success: false,
    });
    expect((await call(ann, 'DELETE', `/api/share/${link.shareId}`)).status).toBe(200);
    expect((await call(null, 'GET', `/api/share/${link.shareId}`)).status).toBe(404);
    expect((await call(ann, 'DELETE', `/api/share/${link.shareId}`)).status).toBe(404);
    expect(await json(await call(ann, 'GET', `/api/share/link/${convo.conversationId}`))).toEqual({
      success: false,
    });
  });

  it('refuses temporary chats, empty chats, bad input and missing sign-in', async () => {
    const temporary = await insertConversation(server, ann.id, {
      expiredAt: new Date(Date.now() + 3600_000),
    });
    await insertMessage(server, ann.id, temporary.conversationId);
    expect((await call(ann, 'POST', `/api/share/${temporary.conversationId}`)).status).toBe(400);
    const empty = await insertConversation(server, ann.id);
    expect((await call(ann, 'POST', `/api/share/${empty.conversationId}`)).status).toBe(400);
    expect((await call(null, 'POST', `/api/share/${empty.conversationId}`)).status).toBe(401);
    expect((await call(null, 'GET', '/api/share')).status).toBe(401);
    for (const query of ['?pageSize=0', '?isPublic=maybe', '?sortBy=title', '?cursor=nope']) {
      expect((await call(ann, 'GET', `/api/share${query}`)).status, query).toBe(400);
    }
    expect((await call(ann, 'POST', `/api/share/%20`)).status).toBe(400);
    const missing = await call(null, 'GET', '/api/share/doesnotexist');
    expect(missing.status).toBe(404);
  });
});

describe('share links switched off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ALLOW_SHARED_LINKS: 'false' } });
  });
  afterAll(() => server.stop());

  it('refuses to create links', async () => {
    const dan = await createTestUser(server);
    const convo = await insertConversation(server, dan.id);
    await insertMessage(server, dan.id, convo.conversationId);
    const res = await server.api(`/api/share/${convo.conversationId}`, { method: 'POST', token: dan.token });
    expect(res.status).toBe(403);
  });
});

describe('share links for signed-in readers only', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ALLOW_SHARED_LINKS_PUBLIC: 'false' } });
  });
  afterAll(() => server.stop());

  it('needs a sign-in to read a link', async () => {
    const eve = await createTestUser(server);
    const convo = await insertConversation(server, eve.id);
    await insertMessage(server, eve.id, convo.conversationId);
    const link = await json<SharedLink>(
      await server.api(`/api/share/${convo.conversationId}`, { method: 'POST', token: eve.token }),
    );
    expect((await server.api(`/api/share/${link.shareId}`)).status).toBe(401);
    const other = await createTestUser(server);
    expect((await server.api(`/api/share/${link.shareId}`, { token: other.token })).status).toBe(200);
  });
});
