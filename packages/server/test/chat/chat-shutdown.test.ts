import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOf, startChatFixture, type ChatFixture } from './chat-fixture.ts';
import { finalOf, type SseEvent } from './sse-client.ts';

let f: ChatFixture;

beforeAll(async () => {
  f = await startChatFixture({ tokensPerSecond: 50, diskDatabase: true });
});
afterAll(() => f.stop());

describe('shutdown', () => {
  it('closing the server mid-stream saves the partial answer as unfinished; a restart finds it', async () => {
    const stream = await f.send({ text: 'a long one please', model: 'slow' });
    const isDelta = (e: SseEvent) => e.data.event === 'on_message_delta';
    const events = [...(await stream.until(isDelta)), ...(await stream.until(isDelta))];
    const conversationId = events[0]!.data.message.conversationId;
    const userMessageId = events[0]!.data.message.messageId;

    const started = Date.now();
    const [rest] = await Promise.all([stream.rest(), f.server.close()]);
    // The stream ended with final instead of being cut at the grace deadline.
    expect(Date.now() - started).toBeLessThan(5_000);
    const final = finalOf(rest);
    expect(final.responseMessage).toMatchObject({ unfinished: true, finish_reason: 'incomplete' });
    // The server cut it short, not its user: the app keeps its "incomplete response" notice.
    expect(final.responseMessage).not.toHaveProperty('stopped');

    const reopened = await f.server.reopenDatabase();
    try {
      const rows = await messagesOf(reopened.db, conversationId);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ messageId: userMessageId, text: 'a long one please' });
      expect(rows[1]).toMatchObject({
        parentMessageId: userMessageId,
        unfinished: true,
        finishReason: 'incomplete',
        text: final.responseMessage.text,
      });
      expect(rows[1]!.text.length).toBeGreaterThan(0);
    } finally {
      await reopened.close();
    }
  });
});
