import { NO_PARENT, type ImportResult } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../conversations/fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser } from '../helpers/test-users.ts';
import { conversationsOf, fixture, messagesOf, treeShape, upload } from './import-helpers.ts';

describe('import formats', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('imports ChatGPT conversations: tree kept, system and hidden messages dropped, code fenced', async () => {
    const ann = await createTestUser(server);
    const res = await upload(server, ann, fixture('chatgpt-conversations.json'), 'conversations.json');
    expect(res.status).toBe(201);
    // The system-only conversation has nothing to show and is skipped.
    expect(await json<ImportResult>(res)).toEqual({
      message: 'Conversations imported successfully',
      conversations: 2,
      messages: 8,
    });
    const list = await conversationsOf(server, ann);
    expect(list.map((c) => c.title)).toEqual(['Short question', 'Plotting a sine wave']);
    const sine = list[1]!;
    expect(sine).toMatchObject({
      endpoint: 'openAI',
      model: 'gpt-4o',
      createdAt: '2024-04-24T23:06:40.500Z',
    });
    const messages = await messagesOf(server, ann, sine.conversationId);
    expect(treeShape(messages)).toEqual(
      [
        'Plot a sine wave for me ← ROOT',
        '```python\nimport numpy as np\nprint(np.sin(0))\n``` ← Plot a sine wave for me',
        '```\n0.0\n``` ← ```python\nimport numpy as np\nprint(np.sin(0))\n```',
        'The sine of zero is zero. ← ```\n0.0\n```',
        'Regenerated: sin(0) equals 0. ← ```\n0.0\n```',
        'Thanks <b>a lot</b> ← Regenerated: sin(0) equals 0.',
      ].sort(),
    );
    expect(messages.map((m) => m.text).join()).not.toContain('secret system prompt');
    expect(messages[0]).toMatchObject({ isCreatedByUser: true, sender: 'User', parentMessageId: NO_PARENT });
  });

  it('imports a linear LibreChat export, chaining messages whose parent is missing', async () => {
    const ben = await createTestUser(server);
    const res = await upload(server, ben, fixture('librechat-linear.json'));
    expect(await json(res)).toMatchObject({ conversations: 1, messages: 4 });
    const [convo] = await conversationsOf(server, ben);
    expect(convo).toMatchObject({
      title: 'Linear LibreChat chat',
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      temperature: 0.7,
    });
    expect(convo!.conversationId).not.toBe('4c1a3f5e-0000-4000-8000-000000000001');
    expect(JSON.stringify(convo)).not.toContain('someone-else');
    const messages = await messagesOf(server, ben, convo!.conversationId);
    expect(treeShape(messages)).toEqual(
      [
        'Hello linear world ← ROOT',
        'Hi! How can I help? ← Hello linear world',
        'Tell me about aardvarks ← Hi! How can I help?',
        'Aardvarks eat ants. ← Tell me about aardvarks',
      ].sort(),
    );
    expect(messages.map((m) => m.messageId)).not.toContain('m1');
  });

  it('imports a recursive LibreChat tree with its branches', async () => {
    const cara = await createTestUser(server);
    expect((await upload(server, cara, fixture('librechat-tree.json'))).status).toBe(201);
    const [convo] = await conversationsOf(server, cara);
    expect(convo).toMatchObject({
      title: 'Branching LibreChat chat',
      endpoint: 'anthropic',
      model: 'claude-3-5-sonnet-latest',
    });
    expect(treeShape(await messagesOf(server, cara, convo!.conversationId))).toEqual(
      [
        'Name a colour ← ROOT',
        'Blue ← Name a colour',
        'Crimson ← Name a colour',
        'Another one ← Blue',
      ].sort(),
    );
  });

  it('imports a Chatbot UI export', async () => {
    const dan = await createTestUser(server);
    const res = await upload(server, dan, fixture('chatbot-ui.json'));
    expect(await json(res)).toMatchObject({ conversations: 1, messages: 2 });
    const [convo] = await conversationsOf(server, dan);
    expect(convo).toMatchObject({
      title: 'Chatbot UI chat',
      model: 'gpt-3.5-turbo',
      promptPrefix: 'You are a geography tutor.',
    });
    expect(treeShape(await messagesOf(server, dan, convo!.conversationId))).toEqual(
      ['What is the capital of Peru? ← ROOT', 'Lima. ← What is the capital of Peru?'].sort(),
    );
  });

  it('importing the same file twice gives two independent copies', async () => {
    const eve = await createTestUser(server);
    expect((await upload(server, eve, fixture('librechat-tree.json'))).status).toBe(201);
    expect((await upload(server, eve, fixture('librechat-tree.json'))).status).toBe(201);
    expect(await conversationsOf(server, eve)).toHaveLength(2);
  });

  it('keeps awkward texts, content parts and flags exactly as they were', async () => {
    const fay = await createTestUser(server);
    const awkward = [
      'NULL',
      '',
      'quotes " and \' and back\\slash \\" {braces}, commas, (parens)',
      'multi\nline\ttab ünïcödé 🚀 \u0000nul',
    ];
    const content = [{ type: 'text', text: 'part with "quotes", {braces} and \\ backslash' }];
    const file = {
      title: 'Awkward values',
      endpoint: 'openAI',
      messages: [
        ...awkward.map((text, i) => ({
          messageId: `a${i}`,
          parentMessageId: i ? `a${i - 1}` : NO_PARENT,
          sender: i % 2 ? 'Assistant "bot"' : 'User',
          isCreatedByUser: i % 2 === 0,
          text,
          createdAt: `2025-02-0${i + 1}T10:00:00.000Z`,
        })),
        {
          messageId: 'a4',
          parentMessageId: 'a3',
          sender: 'Assistant',
          isCreatedByUser: false,
          content,
          error: true,
          unfinished: true,
          finish_reason: 'length',
          endpoint: 'anthropic',
          model: 'claude-x',
        },
      ],
    };
    const res = await upload(server, fay, JSON.stringify(file));
    expect(await json(res)).toMatchObject({ conversations: 1, messages: 5 });
    const [convo] = await conversationsOf(server, fay);
    const messages = await messagesOf(server, fay, convo!.conversationId);
    const byText = (i: number) => messages[i]!;
    expect(messages.slice(0, 4).map((m) => m.text)).toEqual([
      ...awkward.slice(0, 3),
      'multi\nline\ttab ünïcödé 🚀 nul',
    ]);
    expect(byText(1)).toMatchObject({ sender: 'Assistant "bot"', isCreatedByUser: false });
    expect(byText(0)).toMatchObject({ createdAt: '2025-02-01T10:00:00.000Z', error: false });
    expect(byText(4)).toMatchObject({
      content,
      error: true,
      unfinished: true,
      finish_reason: 'length',
      endpoint: 'anthropic',
      model: 'claude-x',
    });
    expect(byText(4).parentMessageId).toBe(byText(3).messageId);
  });
});
