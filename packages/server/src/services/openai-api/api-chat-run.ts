import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { recordApiKeyUsage } from '../api-keys/api-key-service.ts';
import type { AnswerCharge, AnswerUsage } from '../balance/balance-service.ts';
import { answerUsage } from '../balance/answer-usage.ts';
import type { ChatEngine } from '../chat/chat-engine-type.ts';
import { isOpenAIModel } from '../context/context-window.ts';
import { tokenCounter } from '../context/token-count.ts';
import type { ApiAnswerEnd, ApiAnswerEvent, SourceResult } from './api-answer.ts';
import type { ApiChatPlan } from './api-chat-plan.ts';
import { saveApiExchange, type ApiExchangeToSave } from './api-exchange-save.ts';

/** A started API answer: its hold is taken; `stream` runs it to its end. */
export interface ApiChatRun {
  /** The answer's id (`chatcmpl-<id>`), and the saved answer's message id with X-Parley-Save. */
  id: string;
  /** The conversation it is saved in, with X-Parley-Save. */
  conversationId: string | null;
  /**
   * Streams the answer to `onEvent` until it ends (or `signal` fires: what was generated is still
   * charged and counted), then settles the balance, counts the key's usage and saves the exchange
   * when asked. Never throws: a failure is the end's `error`.
   */
  stream(onEvent: (event: ApiAnswerEvent) => void, signal: AbortSignal): Promise<ApiAnswerEnd>;
}

/**
 * Starts an API answer. With balances on, its estimated cost is held first, exactly as in the chat,
 * so a balance that does not cover it refuses the request (402 token_balance) before anything is
 * sent upstream.
 */
export async function startApiChat(
  ctx: AppContext,
  engine: Pick<ChatEngine, 'balance'>,
  plan: ApiChatPlan,
  options: { save: ApiExchangeToSave | null },
): Promise<ApiChatRun> {
  const id = randomUUID();
  const conversationId = options.save ? randomUUID() : null;
  const exact = isOpenAIModel(plan.model);
  // The prompt is counted only when something needs the estimate: the holds (balance, budgets),
  // or a provider that reports no usage (counted then, after the answer).
  const estimate = () => promptEstimate(plan, exact);
  const holds = engine.balance.enabled || engine.balance.budgets.enforced;
  const promptTokens = holds ? await estimate() : null;
  const charge = await engine.balance.hold({
    userId: plan.userId,
    conversationId,
    messageId: id,
    endpoint: plan.endpoint.name,
    model: plan.model,
    promptTokens: promptTokens ?? 0,
    maxOutputTokens: plan.call.parameters.maxOutputTokens,
    apiKeyId: plan.keyId,
  });
  return {
    id,
    conversationId,
    async stream(onEvent, signal) {
      const answer = await runSource(plan, onEvent, signal);
      const counted =
        answer.usage?.inputTokens === undefined ? (promptTokens ?? (await estimate().catch(() => 0))) : 0;
      const usage = answerUsage(
        { usage: answer.usage, text: answer.text, outcome: answer.failure ? 'error' : 'done' },
        counted,
        exact,
      );
      await settle(ctx, plan, { id, conversationId, charge, usage, answer, save: options.save });
      const apiUsage = toApiUsage(usage);
      return answer.failure
        ? { type: 'error', failure: answer.failure, usage: apiUsage }
        : { type: 'finish', reason: answer.finishReason ?? 'stop', usage: apiUsage };
    },
  };
}

async function promptEstimate(plan: ApiChatPlan, exact: boolean): Promise<number> {
  const counter = tokenCounter(exact);
  return counter.base + (await counter.messages(plan.call.messages)).reduce((a, b) => a + b, 0);
}

/**
 * Runs the plan's answer source and passes on what the client sees. For an agent, only its text
 * and reasoning: the calls of its tools happen here. Otherwise the model's calls of the client's
 * tools, each numbered in order as OpenAI's chunks number them.
 */
async function runSource(
  plan: ApiChatPlan,
  onEvent: (event: ApiAnswerEvent) => void,
  signal: AbortSignal,
): Promise<SourceResult> {
  const result: SourceResult = { text: '', finishReason: null };
  const calls = new Map<string, { index: number; streamed: boolean }>();
  const callOf = (id: string, name: string) => {
    let call = calls.get(id);
    if (!call) {
      call = { index: calls.size, streamed: false };
      calls.set(id, call);
      onEvent({ type: 'tool-call-start', index: call.index, id, name });
    }
    return call;
  };
  try {
    for await (const event of plan.source({ ...plan.call, provider: plan.call.provider! }, signal)) {
      if (event.type === 'text') {
        result.text += event.text;
        onEvent(event);
      } else if (event.type === 'reasoning') onEvent(event);
      else if (event.type === 'finish') {
        result.finishReason = event.reason;
        result.usage = event.usage;
      } else if (event.type === 'error') result.failure = event.failure;
      else if (plan.agent) continue;
      else if (event.type === 'tool-call-start') callOf(event.id, event.name);
      else if (event.type === 'tool-call-delta') {
        const call = callOf(event.id, '');
        call.streamed = true;
        onEvent({ type: 'tool-call-delta', index: call.index, args: event.args });
      } else if (event.type === 'tool-call') {
        const call = callOf(event.id, event.name);
        // A provider that sent the call whole (no deltas): its arguments in one piece.
        if (!call.streamed) onEvent({ type: 'tool-call-delta', index: call.index, args: event.args });
      }
    }
  } catch (error) {
    result.failure = { message: (error as Error).message || 'The answer failed.' };
  }
  // An agent that called tools still ends its answer in text: its run's last finish is `stop`.
  if (plan.agent && result.finishReason === 'tool_calls') result.finishReason = 'stop';
  if (signal.aborted && !result.failure && result.finishReason === null)
    result.failure = { message: 'The client closed the connection.', local: true };
  return result;
}

/**
 * After the answer: with X-Parley-Save the exchange and the answer are saved, the hold settled in
 * the same transaction; otherwise the hold is settled alone. The key's usage is counted either way.
 * Failures here are logged: the client has its answer already.
 */
async function settle(
  ctx: AppContext,
  plan: ApiChatPlan,
  done: {
    id: string;
    conversationId: string | null;
    charge: AnswerCharge | null;
    usage: AnswerUsage;
    answer: SourceResult;
    save: ApiExchangeToSave | null;
  },
): Promise<void> {
  const { charge, usage } = done;
  try {
    if (done.save && done.conversationId) {
      await saveApiExchange(ctx.db, plan, done.save, {
        conversationId: done.conversationId,
        answerId: done.id,
        answer: done.answer,
        charge,
        usage,
      });
    } else if (charge) {
      await ctx.db.transaction(async (tx) => {
        await charge.settle(tx, usage);
      });
    }
    const promptTokens = usage.promptTokens + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0);
    await recordApiKeyUsage(ctx.db, plan.keyId, { promptTokens, completionTokens: usage.completionTokens });
  } catch (err) {
    ctx.logger.error({ err, keyId: plan.keyId }, 'an API answer could not be settled');
  }
}

function toApiUsage(usage: AnswerUsage) {
  const prompt = usage.promptTokens + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0);
  return {
    prompt_tokens: prompt,
    completion_tokens: usage.completionTokens,
    total_tokens: prompt + usage.completionTokens,
  };
}
