import { randomUUID } from 'node:crypto';
import { NO_PARENT } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOf, startChatFixture, type ChatFixture } from './chat-fixture.ts';
import { finalOf, type SseEvent, jsonOf } from './sse-client.ts';

let f: ChatFixture;

beforeAll(async () => {
  f = await startChatFixture({ tokensPerSecond: 100 });
});
afterAll(() => f.stop());

const isDelta = (e: SseEvent) => e.data.event === 'on_message_delta';

async function firstExchange(text: string) {
  return finalOf(await (await f.send({ text })).rest());
}

describe('regenerate, continue, edit', () => {
  it('regenerate: a new sibling answer to the same user message, no new user message', async () => {
    const first = await firstExchange('answer me twice');
    const { conversationId } = first.conversation;
    const userId = first.requestMessage.messageId;
    const events = await (
      await f.send({ text: 'answer me twice', conversationId, parentMessageId: userId, isRegenerate: true })
    ).rest();
    expect(events[0]!.data.message.messageId).toBe(userId);
    const second = finalOf(events);
    expect(second.responseMessage.parentMessageId).toBe(userId);
    expect(second.responseMessage.messageId).not.toBe(first.responseMessage.messageId);
    const rows = await messagesOf(f.server.ctx.db, conversationId);
    expect(rows.filter((r) => r.isCreatedByUser)).toHaveLength(1);
    expect(rows.filter((r) => r.parentMessageId === userId).map((r) => r.text)).toEqual([
      'answer me twice',
      'answer me twice',
    ]);
  });

  it("regenerate in the LibreChat client's shape saves the same tree as Parley's own", async () => {
    const first = await firstExchange('root question');
    const { conversationId } = first.conversation;
    const second = finalOf(
      await (
        await f.send({
          text: 'follow-up',
          conversationId,
          parentMessageId: first.responseMessage.messageId,
        })
      ).rest(),
    );
    const userId = second.requestMessage.messageId;
    const oldAnswerId = second.responseMessage.messageId;
    const before = await messagesOf(f.server.ctx.db, conversationId);

    // parentMessageId is the user message's own parent; overrideParentMessageId the user message.
    const libreChat = await (
      await f.send({
        text: 'follow-up',
        conversationId,
        messageId: randomUUID(),
        parentMessageId: first.responseMessage.messageId,
        overrideParentMessageId: userId,
        responseMessageId: `${oldAnswerId}_`,
        isRegenerate: true,
      })
    ).rest();
    expect(libreChat[0]!.data.message.messageId).toBe(userId);
    const regenerated = finalOf(libreChat);
    expect(regenerated.requestMessage.messageId).toBe(userId);
    expect(regenerated.responseMessage.parentMessageId).toBe(userId);
    expect(regenerated.responseMessage.messageId).not.toBe(oldAnswerId);
    expect(regenerated.responseMessage.messageId).not.toBe(`${oldAnswerId}_`);

    // Parley's own shape on the same message adds one more sibling, and nothing else.
    const parley = finalOf(
      await (
        await f.send({ text: 'follow-up', conversationId, parentMessageId: userId, isRegenerate: true })
      ).rest(),
    );
    expect(parley.responseMessage.parentMessageId).toBe(userId);

    const rows = await messagesOf(f.server.ctx.db, conversationId);
    expect(rows).toHaveLength(before.length + 2);
    expect(rows.filter((r) => r.isCreatedByUser).map((r) => r.messageId)).toEqual(
      before.filter((r) => r.isCreatedByUser).map((r) => r.messageId),
    );
    expect(
      rows
        .filter((r) => r.parentMessageId === userId)
        .map((r) => r.messageId)
        .sort(),
    ).toEqual([oldAnswerId, regenerated.responseMessage.messageId, parley.responseMessage.messageId].sort());

    // The first message of a conversation: its parent is the empty-parent id.
    const rootAgain = finalOf(
      await (
        await f.send({
          text: 'root question',
          conversationId,
          messageId: randomUUID(),
          parentMessageId: NO_PARENT,
          overrideParentMessageId: first.requestMessage.messageId,
          responseMessageId: `${first.responseMessage.messageId}_`,
          isRegenerate: true,
        })
      ).rest(),
    );
    expect(rootAgain.responseMessage.parentMessageId).toBe(first.requestMessage.messageId);
    expect(await messagesOf(f.server.ctx.db, conversationId)).toHaveLength(before.length + 3);
  });

  it('regenerate refuses a parent that is not a user message of the conversation', async () => {
    const first = await firstExchange('x');
    const res = await f.server.api('/api/agents/chat/Sim', {
      method: 'POST',
      token: f.alice.token,
      json: {
        text: 'x',
        model: 'echo',
        conversationId: first.conversation.conversationId,
        parentMessageId: first.responseMessage.messageId,
        isRegenerate: true,
      },
    });
    expect(res.status).toBe(400);
  });

  it('continue: the same answer is extended and final carries the whole text', async () => {
    const stream = await f.send({ text: 'go on', model: 'slow' });
    const events = await stream.until(isDelta);
    const conversationId = events[0]!.data.message.conversationId;
    const stopped = await jsonOf(
      await f.server.api('/api/agents/chat/abort', {
        method: 'POST',
        token: f.alice.token,
        json: { conversationId },
      }),
    );
    await stream.rest();
    const partial: string = stopped.responseMessage.text;
    const answerId: string = stopped.responseMessage.messageId;
    expect(stopped.responseMessage.stopped).toBe(true);

    const continued = finalOf(
      await (
        await f.send({
          text: 'go on',
          conversationId,
          parentMessageId: stopped.requestMessage.messageId,
          responseMessageId: answerId,
          isContinued: true,
          isRegenerate: true,
          model: 'echo',
        })
      ).rest(),
    );
    expect(continued.responseMessage.messageId).toBe(answerId);
    expect(continued.responseMessage.text).toBe(`${partial}go on`);
    expect(continued.responseMessage.content).toEqual([{ type: 'text', text: `${partial}go on` }]);
    expect(continued.responseMessage).toMatchObject({ unfinished: false, finish_reason: 'stop' });
    // Finished now: no longer an answer its user stopped.
    expect(continued.responseMessage).not.toHaveProperty('stopped');
    const rows = await messagesOf(f.server.ctx.db, conversationId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ messageId: answerId, text: `${partial}go on`, finishReason: 'stop' });
    expect(rows[1]!.metadata).not.toHaveProperty('stopped');
  });

  it('editedContent: edits the request message, then answers it again as a new sibling', async () => {
    const first = await firstExchange('original wording');
    const { conversationId } = first.conversation;
    const userId = first.requestMessage.messageId;
    const second = finalOf(
      await (
        await f.send(
          {
            text: 'original wording',
            conversationId,
            parentMessageId: userId,
            isRegenerate: true,
            editedContent: { index: 0, text: 'edited wording', type: 'text' },
          },
          { path: '/api/agents/chat/Sim/modify' },
        )
      ).rest(),
    );
    expect(second.requestMessage).toMatchObject({ messageId: userId, text: 'edited wording' });
    expect(second.responseMessage.text).toBe('edited wording');
    const rows = await messagesOf(f.server.ctx.db, conversationId);
    expect(rows.find((r) => r.messageId === userId)!.text).toBe('edited wording');
    expect(rows.filter((r) => r.parentMessageId === userId)).toHaveLength(2);
  });

  it('/modify with new text: a sibling user message under the same parent', async () => {
    const first = await firstExchange('version one');
    const { conversationId } = first.conversation;
    const second = finalOf(
      await (
        await f.send(
          { text: 'version two', conversationId, parentMessageId: NO_PARENT },
          { path: '/api/agents/chat/Sim/modify' },
        )
      ).rest(),
    );
    expect(second.requestMessage.parentMessageId).toBe(NO_PARENT);
    expect(second.responseMessage.text).toBe('version two');
    const roots = (await messagesOf(f.server.ctx.db, conversationId)).filter(
      (r) => r.parentMessageId === NO_PARENT,
    );
    expect(roots.map((r) => r.text)).toEqual(['version one', 'version two']);
  });

  it('the branch sent upstream follows the parent chain only', async () => {
    // The `title` model answers with a title of the FIRST user message it receives.
    const first = await firstExchange('alpha');
    const { conversationId } = first.conversation;
    const ask = async (text: string, parentMessageId: string) =>
      finalOf(await (await f.send({ text, conversationId, parentMessageId, model: 'title' })).rest());
    const below = await ask('gamma', first.responseMessage.messageId);
    expect(below.responseMessage.text).toBe('Alpha');
    const sibling = await ask('beta', NO_PARENT);
    expect(sibling.responseMessage.text).toBe('Beta');
  });
});
