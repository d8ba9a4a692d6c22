import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportWriter } from '../../src/services/import/import-writer.ts';
import { newImportId } from '../../src/services/import/import-ids.ts';
import { messagesOf, startChatFixture, type ChatFixture } from './chat-fixture.ts';

/**
 * A conversation an import is still writing is invisible everywhere, the chat routes included:
 * nobody may answer into it (or stop it) before the import commits.
 */
describe('chat into a conversation an import is still writing', () => {
  let f: ChatFixture;
  beforeAll(async () => {
    f = await startChatFixture();
  }, 180_000);
  afterAll(() => f.stop());

  it('is refused as not found, and nothing is saved', async () => {
    const writer = new ImportWriter(f.server.ctx.db, f.alice.id, newImportId());
    await writer.begin();
    const open = await writer.startConversation({ title: 'Pending' });
    await writer.addMessage(open, {
      sourceId: 'a',
      parentSourceId: null,
      text: 'imported question',
      isCreatedByUser: true,
      sender: 'User',
    });
    await writer.flush();
    const before = (await messagesOf(f.server.ctx.db, open.conversationId)).length;

    const stream = await f.send({ conversationId: open.conversationId, text: 'answer me' });
    expect(stream.response.status).toBe(404);
    const abort = await f.server.api('/api/agents/chat/abort', {
      method: 'POST',
      token: f.alice.token,
      json: { conversationId: open.conversationId },
    });
    expect(abort.status).toBe(404);
    expect(await messagesOf(f.server.ctx.db, open.conversationId)).toHaveLength(before);
    await writer.abort();
  });
});
