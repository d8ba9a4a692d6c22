import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesOf, startChatFixture, type ChatFixture } from './chat-fixture.ts';

// A regenerated answer takes the place of the question's earlier error answers: a send that met a
// rate limit and its automatic retry left two identical error answers ("1 / 2", "2 / 2").

let f: ChatFixture;

beforeAll(async () => {
  f = await startChatFixture({ tokensPerSecond: 100 });
});
afterAll(() => f.stop());

const createdOf = (events: { data: { message?: { messageId: string; conversationId: string } } }[]) =>
  events[0]!.data.message!;

describe('a regenerated answer replaces the error answers before it', () => {
  it('an error, then its retry failing again: one error answer; then an answer: just the answer', async () => {
    const first = await (await f.send({ text: 'too fast?', model: 'error-429' })).rest();
    const { conversationId, messageId: questionId } = createdOf(first);
    const answersTo = async () =>
      (await messagesOf(f.server.ctx.db, conversationId)).filter((r) => r.parentMessageId === questionId);
    expect((await answersTo()).map((r) => r.error)).toEqual([true]);

    const retry = { text: 'too fast?', conversationId, parentMessageId: questionId, isRegenerate: true };
    await (await f.send({ ...retry, model: 'error-429' })).rest();
    const afterRetry = await answersTo();
    expect(afterRetry.map((r) => r.error)).toEqual([true]);

    await (await f.send({ ...retry, model: 'echo' })).rest();
    const answered = await answersTo();
    expect(answered.map((r) => [r.error, r.text])).toEqual([[false, 'too fast?']]);
    // Both messages remain: the question and its one answer.
    expect(await messagesOf(f.server.ctx.db, conversationId)).toHaveLength(2);
  });

  it('a regenerate keeps earlier answers that are not errors', async () => {
    const first = await (await f.send({ text: 'twice please' })).rest();
    const { conversationId, messageId: questionId } = createdOf(first);
    await (
      await f.send({ text: 'twice please', conversationId, parentMessageId: questionId, isRegenerate: true })
    ).rest();
    const rows = await messagesOf(f.server.ctx.db, conversationId);
    expect(rows.filter((r) => r.parentMessageId === questionId)).toHaveLength(2);
  });
});
