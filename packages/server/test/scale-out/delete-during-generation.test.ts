import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOf, startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import { jsonOf, type SseEvent } from '../chat/sse-client.ts';

/**
 * The conversation is deleted while its answer is still being generated (from another tab, or
 * another instance): the save finds no conversation, writes nothing, and the stream ends with an
 * error event; the pipeline and the conversation lock carry on.
 */
let f: ChatFixture;

beforeAll(async () => {
  f = await startChatFixture({ tokensPerSecond: 150 });
});
afterAll(() => f.stop());

const isDelta = (e: SseEvent) => e.data.event === 'on_message_delta';
const deleted = 'The conversation was deleted before the answer could be saved.';

async function startAndDelete() {
  const stream = await f.send({ text: 'a long story please', model: 'slow' });
  const events = await stream.until(isDelta);
  const conversationId = events[0]!.data.message.conversationId as string;
  const res = await f.server.api('/api/convos', {
    method: 'DELETE',
    token: f.alice.token,
    json: { arg: { conversationId } },
  });
  expect(res.status).toBe(200);
  return { stream, conversationId };
}

describe('deleting a conversation while its answer is generated', () => {
  it('the finished answer is not saved; the stream ends with an error event; the server goes on', async () => {
    const { stream, conversationId } = await startAndDelete();
    const rest = await stream.rest();
    expect(rest.at(-1)).toMatchObject({ event: 'error', data: { error: true, final: true, text: deleted } });
    expect(await messagesOf(f.server.ctx.db, conversationId)).toEqual([]);
    const active = await jsonOf(await f.server.api('/api/agents/chat/active', { token: f.alice.token }));
    expect(active.activeJobIds).not.toContain(conversationId);

    const next = await f.send({ text: 'still working?' });
    const events = await next.rest();
    expect(events.at(-1)!.data.responseMessage.text).toBe('still working?');
  });

  it('a stop after the delete answers the same error and saves nothing', async () => {
    const { stream, conversationId } = await startAndDelete();
    const stopped = await f.server.api('/api/agents/chat/abort', {
      method: 'POST',
      token: f.alice.token,
      json: { conversationId },
    });
    expect(stopped.status).toBe(200);
    expect(await jsonOf(stopped)).toMatchObject({ error: true, final: true, text: deleted });
    expect((await stream.rest()).at(-1)!.event).toBe('error');
    expect(await messagesOf(f.server.ctx.db, conversationId)).toEqual([]);
  });
});
