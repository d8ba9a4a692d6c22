import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOf, startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf } from '../chat/sse-client.ts';
import { json } from '../conversations/fixtures.ts';

/**
 * A lone UTF-16 surrogate ("\ud800" alone in JSON) is valid JSON and a valid JavaScript string,
 * but PostgreSQL's jsonb refuses it. The input guard replaces it with U+FFFD for every route.
 */
const LONE = '\ud800';
const REPLACED = '\uFFFD';

describe('lone surrogates in requests are stored as U+FFFD, never a 500', () => {
  let chat: ChatFixture;
  beforeAll(async () => {
    chat = await startChatFixture({ tokensPerSecond: 5000 });
  });
  afterAll(() => chat.stop());

  const api = (path: string, method: string, body: unknown) =>
    chat.server.api(path, { method, token: chat.alice.token, json: body });

  it('in a preset’s promptPrefix', async () => {
    const res = await api('/api/presets', 'POST', {
      presetId: 'p1',
      title: `Preset ${LONE}`,
      endpoint: 'openAI',
      model: 'gpt-4o',
      promptPrefix: `Be brief ${LONE}`,
    });
    expect(res.status).toBeLessThan(300);
    const presets = await json<{ title: string; promptPrefix: string }[]>(
      await chat.server.api('/api/presets', { token: chat.alice.token }),
    );
    expect(presets[0]).toMatchObject({ title: `Preset ${REPLACED}`, promptPrefix: `Be brief ${REPLACED}` });
  });

  it('in the chat text, promptPrefix, modelLabel and stop — the message and its answer are saved', async () => {
    const stream = await chat.send({
      text: `Hello ${LONE} there`,
      promptPrefix: `Prefix ${LONE}`,
      modelLabel: `Label ${LONE}`,
      stop: [`stop${LONE}`],
    });
    expect(stream.response.status).toBe(200);
    const events = await stream.rest();
    const final = finalOf(events);
    expect(final, JSON.stringify(events.at(-1))).toBeTruthy();
    const conversationId = final!.conversation.conversationId as string;
    const rows = await messagesOf(chat.server.ctx.db, conversationId);
    expect(rows.map((r) => r.text)).toContain(`Hello ${REPLACED} there`);
    expect(rows).toHaveLength(2);
    expect(final!.conversation).toMatchObject({
      promptPrefix: `Prefix ${REPLACED}`,
      modelLabel: `Label ${REPLACED}`,
    });

    const [, answer] = rows;
    const feedback = await api(`/api/messages/${conversationId}/${answer!.messageId}/feedback`, 'PUT', {
      feedback: { rating: 'thumbsDown', text: `Wrong ${LONE}` },
    });
    expect(feedback.status).toBe(200);
    const saved = await messagesOf(chat.server.ctx.db, conversationId);
    expect(saved.find((r) => r.messageId === answer!.messageId)?.feedback).toMatchObject({
      text: `Wrong ${REPLACED}`,
    });
  });

  it('in keys and path parameters', async () => {
    const res = await api('/api/presets', 'POST', {
      presetId: `p2${LONE}`,
      title: 'Keys',
      endpoint: 'openAI',
      [`x${LONE}`]: 1,
    });
    expect(res.status).toBeLessThan(500);
    const path = await chat.server.api(`/api/convos/${encodeURIComponent('c')}%ED%A0%80`, {
      token: chat.alice.token,
    });
    expect(path.status).toBeLessThan(500);
  });
});
