// Regenerating one side of a pair (multi-conversation): a regenerate request with `pairedAnswerId`
// answers the user message again with the request's own endpoint and model (the second model's),
// saved as a new sibling that names the untouched first answer; the conversation keeps its own
// model; stop finds it; bad ids, other users' answers and missing permission are refused with
// nothing saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateRolePermissions } from '../../src/services/roles/role-service.ts';
import { conversationRow, messagesOf, startChatFixture, type ChatFixture } from './chat-fixture.ts';
import { jsonOf, openStream, type SseEvent } from './sse-client.ts';

let f: ChatFixture;

beforeAll(async () => {
  f = await startChatFixture({ tokensPerSecond: 100 });
});
afterAll(() => f.stop());

const isAdded = (e: SseEvent) => e.data.added === true;
const terminal = (events: SseEvent[]) => events.find((e) => e.data.final === true)?.data;

/** A conversation whose one message was answered by echo and, beside it, by `secondModel`. */
async function pairedConversation(secondModel = 'echo', token = f.alice.token) {
  const events = await (
    await f.send(
      {
        text: 'hello both',
        model: 'echo',
        addedConvo: { endpoint: 'Sim', model: secondModel, modelLabel: 'Second opinion' },
      },
      { token },
    )
  ).rest();
  const main = terminal(events.filter((e) => !isAdded(e)));
  const added = terminal(events.filter(isAdded));
  return {
    conversationId: main.conversation.conversationId as string,
    userMessageId: main.requestMessage.messageId as string,
    firstId: main.responseMessage.messageId as string,
    secondId: added.responseMessage.messageId as string,
  };
}

/** The regenerate request of the second answer of `pair` (the second model's setup). */
const regenerateSecond = (
  pair: Awaited<ReturnType<typeof pairedConversation>>,
  extra: Record<string, unknown> = {},
) => ({
  text: '',
  conversationId: pair.conversationId,
  parentMessageId: pair.userMessageId,
  isRegenerate: true,
  endpoint: 'Sim',
  model: 'slow',
  modelLabel: 'Second opinion',
  pairedAnswerId: pair.firstId,
  ...extra,
});

describe('regenerating the second answer of a pair', () => {
  it('answers again with the second model alone, beside the untouched first answer', async () => {
    const pair = await pairedConversation('slow');
    const before = await messagesOf(f.server.ctx.db, pair.conversationId);
    const firstBefore = before.find((r) => r.messageId === pair.firstId)!;

    const events = await (await f.send(regenerateSecond(pair))).rest();
    // One answer streams, unmarked: the client follows it as the run's answer.
    expect(events.some(isAdded)).toBe(false);
    const final = terminal(events);
    expect(final.error).toBeUndefined();
    expect(final.responseMessage).toMatchObject({
      parentMessageId: pair.userMessageId,
      model: 'slow',
      sender: 'Second opinion',
      pairedAnswerId: pair.firstId,
    });
    expect(final.responseMessage.text).toContain('Sentence 1 of the slow answer.');

    const rows = await messagesOf(f.server.ctx.db, pair.conversationId);
    expect(rows).toHaveLength(4);
    const answers = rows.filter((r) => !r.isCreatedByUser);
    expect(answers.every((a) => a.parentMessageId === pair.userMessageId)).toBe(true);
    // The first answer is as it was; the old second answer is kept as a sibling.
    expect(rows.find((r) => r.messageId === pair.firstId)).toEqual(firstBefore);
    expect(answers.map((a) => a.messageId)).toContain(pair.secondId);
    // The conversation goes on with its own model, not the second one.
    expect((await conversationRow(f.server.ctx.db, pair.conversationId))!.model).toBe('echo');
  });

  it('is stopped by the stop call, which answers its own saved answer', async () => {
    const pair = await pairedConversation();
    const stream = await f.send(regenerateSecond(pair));
    await stream.until((e) => e.data.event === 'on_message_delta');
    const res = await f.server.api('/api/agents/chat/abort', {
      method: 'POST',
      token: f.alice.token,
      json: { conversationId: pair.conversationId },
    });
    expect(res.status).toBe(200);
    const stopped = await jsonOf(res);
    expect(stopped.responseMessage).toMatchObject({ unfinished: false, pairedAnswerId: pair.firstId });
    await stream.rest();
    const saved = (await messagesOf(f.server.ctx.db, pair.conversationId)).find(
      (r) => r.messageId === stopped.responseMessage.messageId,
    );
    expect(saved).toMatchObject({ model: 'slow', unfinished: false });
  });

  it('a resume follows it alone, not the earlier second answer of the same message', async () => {
    const pair = await pairedConversation();
    const stream = await f.send(regenerateSecond(pair), { resumable: true });
    await stream.until((e) => e.data.event === 'on_message_delta');
    stream.close();
    const resumed = await openStream(f.server, `/api/agents/chat/stream/${pair.conversationId}?resume=true`, {
      token: f.alice.token,
    });
    const events = await resumed.rest();
    expect(events.some(isAdded)).toBe(false);
    expect(terminal(events).responseMessage).toMatchObject({ model: 'slow', pairedAnswerId: pair.firstId });
  });
});

describe('bad input', () => {
  const refused = async (json: Record<string, unknown>, status: number, token = f.alice.token) => {
    const conversationId = json.conversationId as string;
    const before = (await messagesOf(f.server.ctx.db, conversationId)).length;
    const res = await f.server.api('/api/agents/chat/Sim', { method: 'POST', token, json });
    expect(res.status, await res.clone().text()).toBe(status);
    const body = await jsonOf(res);
    expect(typeof body.message).toBe('string');
    expect((await messagesOf(f.server.ctx.db, conversationId)).length).toBe(before);
    return body;
  };

  it('refuses pairedAnswerId without isRegenerate, with Continue, with addedConvo or with an edit', async () => {
    const pair = await pairedConversation();
    await refused(regenerateSecond(pair, { isRegenerate: false }), 400);
    await refused(regenerateSecond(pair, { isContinued: true }), 400);
    await refused(regenerateSecond(pair, { addedConvo: { endpoint: 'Sim', model: 'echo' } }), 400);
    await refused(
      regenerateSecond(pair, { editedContent: { index: 0, type: 'text', text: 'changed' } }),
      400,
    );
  });

  it('refuses a pairedAnswerId that is not an answer to the regenerated message', async () => {
    const pair = await pairedConversation();
    const other = await pairedConversation();
    const body = await refused(regenerateSecond(pair, { pairedAnswerId: pair.userMessageId }), 400);
    expect(body.message).toMatch(/pairedAnswerId/);
    await refused(regenerateSecond(pair, { pairedAnswerId: other.firstId }), 400);
    await refused(regenerateSecond(pair, { pairedAnswerId: 'no-such-answer' }), 400);
    await refused(regenerateSecond(pair, { pairedAnswerId: 42 }), 400);
    await refused(regenerateSecond(pair, { pairedAnswerId: 'x'.repeat(500) }), 400);
  });

  it("refuses another user's conversation and answer", async () => {
    const bobs = await pairedConversation('echo', f.bob.token);
    await refused(regenerateSecond(bobs), 404);
    const alices = await pairedConversation();
    await refused(regenerateSecond(alices, { pairedAnswerId: bobs.firstId }), 400);
  });

  it('answers 403 when the role lacks MULTI_CONVO.USE', async () => {
    const pair = await pairedConversation();
    await updateRolePermissions(f.server.ctx.db, 'USER', 'MULTI_CONVO', { USE: false });
    try {
      const body = await refused(regenerateSecond(pair), 403);
      expect(body.message).toMatch(/permission/);
    } finally {
      await updateRolePermissions(f.server.ctx.db, 'USER', 'MULTI_CONVO', { USE: true });
    }
  });
});
