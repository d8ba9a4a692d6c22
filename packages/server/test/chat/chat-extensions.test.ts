import { NO_PARENT } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../src/db/schema/index.ts';
import { AppError } from '../../src/errors/app-error.ts';
import type { SavedAnswer } from '../../src/services/chat/answer-hook.ts';
import type { ChatPlan } from '../../src/services/chat/chat-plan-type.ts';
import { SIM_ENDPOINT, startChatFixture, type ChatFixture } from './chat-fixture.ts';
import { finalOf, jsonOf } from './sse-client.ts';

/**
 * The seams later features plug into without touching the pipeline: a plan check (a balance that
 * must cover the request) refuses before anything is written, and an answer hook (spending what
 * the answer used) sees each saved answer before its final event goes out.
 */
describe('chat engine extensions', () => {
  let f: ChatFixture;
  const plans: ChatPlan[] = [];
  const answers: { answer: SavedAnswer; finalSeen: boolean }[] = [];
  let finalSeen = false;
  beforeAll(async () => {
    f = await startChatFixture();
    const chat = f.server.engines.chat;
    chat.planChecks.push(async (plan) => {
      plans.push(plan);
      if (plan.exchange.request.text === 'no funds') {
        throw new AppError('token_balance', 'Insufficient funds', { type: 'token_balance' });
      }
    });
    chat.answerHooks.push({
      name: 'record',
      answerSaved: async (answer) => {
        answers.push({ answer, finalSeen });
      },
    });
  });
  afterAll(() => f.stop());

  it('gives a plan check the resolved plan, and its refusal writes nothing', async () => {
    const res = await f.server.api(`/api/agents/chat/${SIM_ENDPOINT}`, {
      method: 'POST',
      token: f.alice.token,
      json: {
        text: 'no funds',
        model: 'echo',
        endpoint: SIM_ENDPOINT,
        conversationId: null,
        parentMessageId: NO_PARENT,
      },
    });
    expect(res.status).toBe(402);
    expect(await jsonOf(res)).toMatchObject({ code: 'token_balance', type: 'token_balance' });
    const plan = plans.at(-1)!;
    expect(plan).toMatchObject({ model: 'echo', userId: f.alice.id, conversation: { exists: false } });
    expect(plan.endpoint.name).toBe(SIM_ENDPOINT);
    expect(plan.call.messages.at(-1)).toMatchObject({ role: 'user' });
    const written = await f.server.ctx.db
      .select()
      .from(conversations)
      .where(eq(conversations.conversationId, plan.conversation.conversationId));
    expect(written).toHaveLength(0);
  });

  it('runs each answer hook once per saved answer, before the final event', async () => {
    const stream = await f.send({ text: 'hooked' });
    const events = await stream.rest();
    finalSeen = true;
    const final = finalOf(events);
    expect(final.responseMessage.text).toBe('hooked');
    const seen = answers.filter((a) => a.answer.response.messageId === final.responseMessage.messageId);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.finalSeen).toBe(false);
    expect(seen[0]!.answer.result.outcome).toBe('done');
    expect(seen[0]!.answer.request.messageId).toBe(final.requestMessage.messageId);
    expect(seen[0]!.answer.plan.model).toBe('echo');
  });
});
