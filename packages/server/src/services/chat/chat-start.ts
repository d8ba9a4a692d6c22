import { createdEvent, type ContentPart } from '@parley/schema';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors/app-error.ts';
import type { AnswerCharge } from '../balance/balance-service.ts';
import type { MessageRow } from '../../db/schema/index.ts';
import { addedLane, type JobMeta } from '../generation/job-keys.ts';
import { ChatCompletion } from './chat-completion.ts';
import type { ChatEngine } from './chat-engine-type.ts';
import { commitRequest, type Exchange } from './chat-exchange.ts';
import type { ChatPlan } from './chat-plan-type.ts';
import { toolLoop } from '../tools/tool-loop.ts';
import { chainRun } from '../agents/agent-chain-run.ts';
import { FallbackRecord, withFallbacks } from './fallback-source.ts';
import { prepareFallbackCall, type PlanFallback } from './fallback-call.ts';
import type { AnswerSource } from '../generation/model-call.ts';

/** A started chat job, and the write of the message it answers. */
export interface StartedChat {
  job: JobMeta;
  requestSaved: Promise<MessageRow>;
}

/**
 * Carries out a plan: runs the engine's plan checks, takes the conversation's generation lock
 * (a second answer's lane for an added plan), writes the request message while the upstream
 * request starts, and starts the job with the completion that saves its answer. A second answer
 * writes nothing: it waits on `requestSaved`, the first answer's write of the same message.
 * Answers the job; the caller follows its events.
 */
export async function startChat(
  ctx: AppContext,
  engine: ChatEngine,
  plan: ChatPlan,
  requestSaved?: Promise<MessageRow>,
): Promise<StartedChat> {
  for (const check of engine.planChecks) await check(plan);
  const { conversationId } = plan.conversation;
  const lane = plan.added && !plan.alone ? addedLane(conversationId) : conversationId;
  const jobId = await engine.generations.reserve(lane).catch(async (error: unknown) => {
    // A second generation in one conversation counts towards a ban (CONCURRENT_VIOLATION_SCORE).
    if (error instanceof AppError && error.code === 'concurrent') {
      await ctx.bans.record('concurrent', [`user:${plan.userId}`]);
    }
    throw error;
  });
  const { exchange } = plan;
  let charge: AnswerCharge | null;
  try {
    // With balances on, the answer's estimated cost is held before anything is saved or sent
    // (a balance that does not cover it refuses the request with token_balance).
    charge = await engine.balance.hold({
      userId: plan.userId,
      conversationId,
      messageId: exchange.responseMessageId,
      endpoint: plan.endpoint.name,
      model: plan.model,
      promptTokens: plan.promptTokens,
      maxOutputTokens: plan.call.parameters.maxOutputTokens,
    });
  } catch (error) {
    await engine.generations.release(lane, jobId);
    throw error;
  }
  // The request message is written while the upstream request starts: its latency is not added
  // to the time to first token, and the job publishes nothing until the write has committed.
  const committed = requestSaved ?? commitRequest(ctx.db, plan.userId, exchange);
  // The question was not saved: no answer will follow, so the hold goes back.
  committed.catch(() => charge?.refund()).catch(() => undefined);
  // The model's fallbacks (parley.yaml `fallbacks`) may answer in its place; the hold moves with them.
  const fallback: PlanFallback = {
    record: new FallbackRecord({ endpoint: plan.endpoint.name, model: plan.model }),
    held: { charge },
  };
  const requestMessage = {
    messageId: exchange.request.messageId,
    parentMessageId: exchange.request.parentMessageId,
    conversationId,
    sender: exchange.request.sender,
    text: exchange.request.text,
    isCreatedByUser: true as const,
  };
  const job = await engine.generations.start(
    {
      jobId,
      ...(lane !== conversationId ? { lane } : {}),
      resumable: plan.resumable,
      userId: plan.userId,
      conversationId,
      responseMessageId: exchange.responseMessageId,
      init: {
        responseMessageId: exchange.responseMessageId,
        requestMessage,
        content: continuedContent(exchange),
        answer: { sender: plan.answer.sender, endpoint: plan.endpoint.name, model: plan.model },
      },
      createdJson: JSON.stringify(createdEvent(requestMessage)),
      call: plan.call,
      ...(plan.delivery ? { delivery: plan.delivery } : {}),
      source: withPlanFallbacks(ctx, engine, plan, answerSource(plan), fallback),
    },
    new ChatCompletion(ctx, engine, plan, committed, charge, fallback),
    {
      endpoint: plan.endpoint.name,
      model: plan.model,
      sender: plan.answer.sender,
      continued: exchange.continued !== null,
    },
  );
  // A failed write fails the request once the job has dropped the upstream request and freed the
  // lock, so a request planned again (see TakenMessageId) finds the conversation free.
  await committed.catch(async (error: unknown) => {
    await engine.generations.ended(job.jobId);
    throw error;
  });
  return { job, requestSaved: committed };
}

/**
 * Where a plan's events come from: a request with tools (an agent's, or those the user turned on)
 * runs the tool loop; an agent chain runs each agent's tool loop in turn; otherwise one model call.
 */
function answerSource(plan: ChatPlan): AnswerSource | undefined {
  if (!plan.toolRun) return undefined;
  return plan.chain ? chainRun(plan.toolRun, plan.agent?.name ?? '', plan.chain) : toolLoop(plan.toolRun);
}

/** The plan's source, handing over to its model's fallbacks when it has any. */
function withPlanFallbacks(
  ctx: AppContext,
  engine: ChatEngine,
  plan: ChatPlan,
  source: AnswerSource | undefined,
  fallback: PlanFallback,
): AnswerSource | undefined {
  const candidates = engine.fallbacks.of(plan.endpoint.name, plan.model);
  if (candidates.length === 0) return source;
  return withFallbacks(source, {
    candidates,
    record: fallback.record,
    prepare: (name, _from, failed) => prepareFallbackCall(engine, plan, fallback.held, name, failed),
    fellBack: (from, to) => {
      ctx.prometheus?.fallback(from, to);
      ctx.logger.warn({ from, to, conversationId: plan.conversation.conversationId }, 'model fell back');
    },
  });
}

/** The parts a continued answer starts from (a text-only answer becomes one text part). */
function continuedContent(exchange: Exchange): ContentPart[] {
  const answer = exchange.continued;
  if (!answer) return [];
  const parts = (answer.content as ContentPart[] | null)?.filter((p) => p.type !== 'error');
  if (parts?.length) return parts;
  return answer.text ? [{ type: 'text', text: answer.text }] : [];
}
