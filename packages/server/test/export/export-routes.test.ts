import { NO_PARENT } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, insertConversation, insertMessage, json } from '../conversations/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { conversationsOf, messagesOf, treeShape, upload } from '../import/import-helpers.ts';

describe('export', () => {
  let server: TestServer;
  let ann: TestUser;
  let conversationId: string;
  beforeAll(async () => {
    server = await startTestServer();
    ann = await createTestUser(server);
    conversationId = (
      await insertConversation(server, ann.id, {
        title: 'Trip "plans"/2026',
        model: 'gpt-4o',
        settings: { temperature: 0.3 },
      })
    ).conversationId;
    const q = await insertMessage(server, ann.id, conversationId, { text: 'Where to go?', createdAt: at(1) });
    const a = await insertMessage(server, ann.id, conversationId, {
      text: 'Lisbon',
      parentMessageId: q.messageId,
      isCreatedByUser: false,
      sender: 'GPT-4o',
      createdAt: at(2),
      feedback: { rating: 'thumbsDown' },
    });
    await insertMessage(server, ann.id, conversationId, {
      text: 'Porto',
      parentMessageId: q.messageId,
      isCreatedByUser: false,
      sender: 'GPT-4o',
      createdAt: at(3),
    });
    await insertMessage(server, ann.id, conversationId, {
      text: 'Why?',
      parentMessageId: a.messageId,
      createdAt: at(4),
    });
  });
  afterAll(() => server.stop());

  const download = (user: TestUser, query = '') =>
    server.api(`/api/convos/${conversationId}/export${query}`, { token: user.token });

  it('exports JSON that imports back with the tree kept', async () => {
    const res = await download(ann, '?format=json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Trip _plans_2026.json"; filename*=UTF-8''${encodeURIComponent('Trip "plans"_2026.json')}`,
    );
    const body = await res.text();
    const parsed = JSON.parse(body) as {
      parley: number;
      title: string;
      messages: unknown[];
      options: Record<string, unknown>;
    };
    expect(parsed).toMatchObject({ parley: 1, title: 'Trip "plans"/2026', options: { temperature: 0.3 } });
    expect(body).not.toContain('thumbsDown');
    expect(body).not.toContain(ann.id);

    const ben = await createTestUser(server);
    expect((await upload(server, ben, body)).status).toBe(201);
    const [copy] = await conversationsOf(server, ben);
    expect(copy).toMatchObject({ title: 'Trip "plans"/2026', model: 'gpt-4o', temperature: 0.3 });
    const original = await messagesOf(server, ann, conversationId);
    const imported = await messagesOf(server, ben, copy!.conversationId);
    expect(treeShape(imported)).toEqual(treeShape(original));
    expect(imported.find((m) => m.text === 'Where to go?')!.parentMessageId).toBe(NO_PARENT);
  });

  it('exports Markdown and plain text with every branch', async () => {
    const md = await download(ann, '?format=md');
    expect(md.headers.get('content-type')).toContain('text/markdown');
    const text = await md.text();
    expect(text).toMatch(/^# Trip "plans"\/2026\n/);
    expect(text.indexOf('Lisbon')).toBeLessThan(text.indexOf('Why?'));
    expect(text.indexOf('Why?')).toBeLessThan(text.indexOf('Porto'));
    expect(text).toContain('## GPT-4o (alternative branch 1)');
    const txt = await (await download(ann, '?format=txt')).text();
    expect(txt).toContain('User:\nWhere to go?');
    expect(txt).not.toContain('##');
  });

  it('defaults to JSON, refuses unknown formats and other users', async () => {
    expect((await download(ann)).headers.get('content-type')).toContain('application/json');
    expect((await download(ann, '?format=pdf')).status).toBe(400);
    const eve = await createTestUser(server);
    expect((await download(eve)).status).toBe(404);
    expect((await server.api(`/api/convos/${conversationId}/export`)).status).toBe(401);
    expect(await json(await download(eve))).toMatchObject({ message: 'Conversation not found' });
  });
});
