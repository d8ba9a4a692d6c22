import { MAX_CHAT_TEXT_LENGTH } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../conversations/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { conversationsOf, messagesOf, upload } from './import-helpers.ts';

/** A LibreChat export of one conversation; `message` is merged into its single user message. */
const exportOf = (message: Record<string, unknown>, top: Record<string, unknown> = {}) =>
  JSON.stringify({
    title: 'Hostile',
    endpoint: 'openAI',
    options: { model: 'gpt-4o' },
    ...top,
    messages: [
      {
        messageId: 'm1',
        parentMessageId: null,
        isCreatedByUser: true,
        sender: 'User',
        text: 'hi',
        ...message,
      },
    ],
  });

describe('imported values the database cannot store', () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    user = await createTestUser(server);
  });
  afterAll(() => server.stop());

  /** Imports one file as a fresh user; answers the status, message and what was stored. */
  async function importOne(file: string) {
    user = await createTestUser(server);
    const res = await upload(server, user, file);
    const body = await json<{ message: string }>(res);
    const [conversation] = await conversationsOf(server, user);
    const messages = conversation ? await messagesOf(server, user, conversation.conversationId) : [];
    return { status: res.status, message: body.message, conversation, messages };
  }

  it("drops a picture whose file reference is not one of Parley's own file routes", async () => {
    const own =
      '/api/files/download/0b7c7d0e-6a51-4d4c-9a11-3c1b1d2e3f40/9f0e1d2c-3b4a-4c5d-8e6f-7a8b9c0d1e2f';
    const result = await importOne(
      exportOf({
        content: [
          { type: 'text', text: 'look' },
          // Shared, this made a signed-in viewer's browser send GET /api/convos with their token.
          { type: 'image_file', image_file: { filepath: '/api/files/../convos?pageSize=100' } },
          { type: 'image_file', image_file: { filepath: '//evil.example/api/files/download/u/f' } },
          { type: 'image_file', image_file: { filepath: `${own}?x=/api/user` } },
          { type: 'image_url', image_url: { url: '/api/files/download/u/%2e%2e' } },
          { type: 'image_url', image_url: '/api/user' },
          { type: 'image_file', image_file: { filepath: own, height: 10 } },
        ],
      }),
    );
    expect(result.status, result.message).toBe(201);
    expect(result.messages[0]!.content).toEqual([
      { type: 'text', text: 'look' },
      { type: 'image_file', image_file: { filepath: own, height: 10 } },
    ]);
  });

  it('removes NUL from keys of content parts and options', async () => {
    const result = await importOne(
      exportOf(
        { content: [{ type: 'text', text: 'x', '\u0000k': 1 }] },
        { options: { '\u0000': 1, model: 'gpt-4o', promptPrefix: 'be\u0000 brief' } },
      ),
    );
    expect(result.status, result.message).toBe(201);
    expect(result.messages[0]!.content).toEqual([{ type: 'text', text: 'x', k: 1 }]);
    expect(result.conversation).toMatchObject({ promptPrefix: 'be brief' });
  });

  it('stores lone surrogates in content text and promptPrefix as U+FFFD', async () => {
    const result = await importOne(
      exportOf(
        { text: 'a\ud800b', content: [{ type: 'text', text: 'c\udc00d' }] },
        { options: { model: 'gpt-4o', promptPrefix: 'p\ud800' } },
      ),
    );
    expect(result.status, result.message).toBe(201);
    expect(result.messages[0]).toMatchObject({
      text: 'a\uFFFDb',
      content: [{ type: 'text', text: 'c\uFFFDd' }],
    });
    expect(result.conversation).toMatchObject({ promptPrefix: 'p\uFFFD' });
  });

  it('truncates a message beyond the chat text limit, with a marker', async () => {
    const huge = 'y'.repeat(20 * 1024 * 1024);
    const result = await importOne(exportOf({ text: huge, content: [{ type: 'text', text: huge }] }));
    expect(result.status, result.message).toBe(201);
    const [message] = result.messages;
    const removed = huge.length - MAX_CHAT_TEXT_LENGTH;
    expect(message!.text.startsWith('y'.repeat(MAX_CHAT_TEXT_LENGTH))).toBe(true);
    expect(message!.text.slice(MAX_CHAT_TEXT_LENGTH)).toBe(
      `\n\n[Truncated on import: ${removed} more characters]`,
    );
    expect((message!.content as unknown as { text: string }[])[0]!.text).toBe(message!.text);
  });
});
