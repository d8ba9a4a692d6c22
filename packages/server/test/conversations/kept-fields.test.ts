import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatFixture, SIM_ENDPOINT, type ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf } from '../chat/sse-client.ts';
import { callAs, json } from './fixtures.ts';

/**
 * Spec conversation fields Parley does not act on yet, as a LibreChat client sends them. Every
 * one must come back from the conversation, the preset and an import unchanged.
 */
const KEPT = {
  greeting: 'Welcome back!',
  examples: [{ input: { content: 'Say hi' }, output: { content: 'Hi!' } }],
  artifacts: 'default',
  web_search: true,
  disableStreaming: false,
  instructions: 'Answer briefly.',
  additional_instructions: 'Use British spelling.',
  append_current_datetime: true,
  userLabel: 'Ada',
  context: 'The user is a mathematician.',
  file_ids: ['file-1', 'file-2'],
  tools: ['calculator', { pluginKey: 'web_search' }],
  agent_id: 'agent_abc',
  assistant_id: 'asst_abc',
  agentOptions: { agent: 'functions', skipCompletion: true, model: 'gpt-4o', temperature: 0.3 },
  disableParams: true,
  additionalModelRequestFields: { top_k: 5 },
};

describe('conversation fields kept although not acted on yet', () => {
  let chat: ChatFixture;
  beforeAll(async () => {
    chat = await startChatFixture();
  }, 60_000);
  afterAll(() => chat.stop());

  it('a chat request stores every field on its conversation and the conversation returns them', async () => {
    const stream = await chat.send({ text: 'hello', ...KEPT });
    const final = finalOf(await stream.rest());
    expect(final.conversation).toMatchObject(KEPT);
    const { conversationId } = final.conversation as { conversationId: string };
    const res = await callAs(chat.server, chat.alice, 'GET', `/api/convos/${conversationId}`);
    expect(await json(res)).toMatchObject({ ...KEPT, endpoint: SIM_ENDPOINT });
  });

  it('a preset stores every field and the list returns them', async () => {
    const saved = await callAs(chat.server, chat.alice, 'POST', '/api/presets', {
      title: 'Everything',
      endpoint: SIM_ENDPOINT,
      model: 'echo',
      ...KEPT,
    });
    expect(saved.status).toBeLessThan(300);
    expect(await json(saved)).toMatchObject(KEPT);
    const list = await json<Record<string, unknown>[]>(
      await callAs(chat.server, chat.alice, 'GET', '/api/presets'),
    );
    expect(list.find((p) => p.title === 'Everything')).toMatchObject(KEPT);
  });

  it('refuses a kept field of the wrong type with a message naming it', async () => {
    const res = await callAs(chat.server, chat.alice, 'POST', '/api/presets', {
      endpoint: SIM_ENDPOINT,
      file_ids: 'not-a-list',
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('file_ids');
  });

  it('an imported LibreChat conversation keeps them too', async () => {
    const form = new FormData();
    const file = {
      conversationId: 'kept-import',
      title: 'Imported with options',
      endpoint: 'openAI',
      options: { model: 'gpt-4o', ...KEPT },
      messages: [
        {
          messageId: 'k1',
          parentMessageId: '00000000-0000-0000-0000-000000000000',
          text: 'hi',
          isCreatedByUser: true,
          sender: 'User',
        },
        { messageId: 'k2', parentMessageId: 'k1', text: 'hello', isCreatedByUser: false, sender: 'GPT' },
      ],
    };
    form.append('file', new Blob([JSON.stringify(file)], { type: 'application/json' }), 'kept.json');
    const imported = await chat.server.api('/api/convos/import', {
      method: 'POST',
      token: chat.alice.token,
      body: form,
    });
    expect(imported.status).toBeLessThan(300);
    const list = await json<{ conversations: Record<string, unknown>[] }>(
      await callAs(chat.server, chat.alice, 'GET', '/api/convos?pageSize=50'),
    );
    const convo = list.conversations.find((c) => c.title === 'Imported with options');
    expect(convo).toBeDefined();
    const full = await json(
      await callAs(chat.server, chat.alice, 'GET', `/api/convos/${convo!.conversationId as string}`),
    );
    expect(full).toMatchObject(KEPT);
  });
});
