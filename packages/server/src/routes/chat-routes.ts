import {
  abortRequestSchema,
  chatRequestSchema,
  errorEvent,
  markAddedAnswer,
  RESUMABLE_STREAM_HEADER,
} from '@parley/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { AppError, notFound } from '../errors/app-error.ts';
import { parse } from '../http/validate.ts';
import type { AppEngines } from '../app-engines.ts';
import { SseStream } from '../http/sse-stream.ts';
import type { ChatEngine } from '../services/chat/chat-engine-type.ts';
import { findConversation } from '../services/conversation-records/conversation-access.ts';
import { planChat } from '../services/chat/chat-plan.ts';
import type { ChatPlan } from '../services/chat/chat-plan-type.ts';
import { planAddedChat, planSecondRegenerate, requireMultiConvo } from '../services/chat/added-chat.ts';
import { startChat } from '../services/chat/chat-start.ts';
import { sentAlready, TakenMessageId } from '../services/chat/resent-message.ts';
import { messageLimits } from '../services/rate-limit/message-limits.ts';
import { assertBrowser } from '../services/rate-limit/non-browser.ts';
import { RateLimiter } from '../services/rate-limit/rate-limiter.ts';
import { followJob, type EventSink } from '../services/generation/job-follower.ts';
import { addedLane, type JobMeta } from '../services/generation/job-keys.ts';
import { endpointRoutes } from './endpoint-routes.ts';
import { titleRoutes } from './title-routes.ts';
import { toolApprovalRoutes } from './tool-approval-routes.ts';

/**
 * The chat engine's routes (PROTOCOL.md): start a generation and stream it, stop, resume and
 * list running ones; plus the endpoint lists and title wait that share the engine.
 */
export function chatRoutes(app: FastifyInstance, ctx: AppContext, { chat: engine }: AppEngines): void {
  endpointRoutes(app, ctx, engine.endpoints, engine.agents);
  titleRoutes(app, ctx, engine.titles);
  streamRoutes(app, ctx, engine);
  toolApprovalRoutes(app, ctx, engine.approvals);
}

function streamRoutes(app: FastifyInstance, ctx: AppContext, engine: ChatEngine): void {
  const auth = { preHandler: authenticate(ctx) };

  app.post('/api/agents/chat/abort', auth, async (request, reply) => {
    const userId = currentUser(request).id;
    const { conversationId } = parse(abortRequestSchema, request.body);
    const job = await engine.generations.findJob(userId, conversationId);
    if (!job) {
      if (await findConversation(ctx.db, userId, conversationId)) return reply.code(204).send();
      throw notFound('Conversation not found');
    }
    // Stop stops both answers of a message asked of two models.
    const added = await addedJobOf(engine, job);
    const [finalJson] = await Promise.all([
      engine.generations.abort(job),
      added ? engine.generations.abort(added) : null,
    ]);
    if (!finalJson) return reply.code(204).send();
    return reply.type('application/json').send(finalJson);
  });

  app.get('/api/agents/chat/active', auth, async (request) => ({
    activeJobIds: await engine.generations.activeConversations(currentUser(request).id),
  }));

  app.get<{ Params: { conversationId: string } }>(
    '/api/agents/chat/stream/:conversationId',
    auth,
    async (request, reply) => {
      const job = await engine.generations.findJob(currentUser(request).id, request.params.conversationId);
      if (!job) throw notFound('No generation to resume in this conversation');
      return streamJob(ctx, engine, reply, { job, added: await addedJobOf(engine, job) }, true);
    },
  );

  const limiter = new RateLimiter(ctx.bus, ctx.bans);
  const limits = messageLimits(ctx.config.env);
  const start = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = parse(chatRequestSchema, request.body);
    const { endpoint: endpointName } = request.params as { endpoint?: string };
    const user = currentUser(request);
    const userId = user.id;
    // Off unless the operator turns them on (NON_BROWSER_VIOLATION_SCORE, LIMIT_MESSAGE_*).
    await assertBrowser(ctx.bans, ctx.config.env.NON_BROWSER_VIOLATION_SCORE, request, userId);
    await limiter.hit(limits.ip, [`ip:${request.ip}`]);
    await limiter.hit(limits.user, [`user:${userId}`]);
    const resumable = wantsResumable(request);
    if (body.addedConvo || body.pairedAnswerId) await requireMultiConvo(ctx, userId);
    const asked = { user, endpointName, body, resumable };
    const started = await planAndStart(ctx, engine, asked).catch(async (error: unknown) => {
      // The new message's id was taken when it was written (nothing was saved): planned once more.
      if (!(error instanceof TakenMessageId)) throw error;
      await refuseWhileAnswered(engine, userId, error);
      return planAndStart(ctx, engine, { ...asked, body: error.retried(body) });
    });
    return streamJob(ctx, engine, reply, started, false);
  };
  app.post('/api/agents/chat', auth, start);
  app.post('/api/agents/chat/:endpoint', auth, start);
  app.post('/api/agents/chat/:endpoint/modify', auth, start);
}

type ChatAsked = Parameters<typeof planChat>[2];

/** Plans the request (and its second answer, if asked), then starts both. */
async function planAndStart(
  ctx: AppContext,
  engine: ChatEngine,
  asked: ChatAsked,
): Promise<{ job: JobMeta; added: JobMeta | AddedFailure | null }> {
  const { body, user } = asked;
  // Regenerating the second answer of a pair answers with the second model alone.
  const plan = body.pairedAnswerId
    ? await planSecondRegenerate(ctx, engine, asked)
    : await planChat(ctx, engine, asked);
  // Both answers are planned before either starts: a bad second answer refuses the request
  // with nothing saved.
  const addedPlan = body.addedConvo ? await planAddedChat(ctx, engine, plan, user, body) : null;
  const { job, requestSaved } = await startChat(ctx, engine, plan);
  const added = addedPlan ? await startAdded(ctx, engine, addedPlan, requestSaved) : null;
  return { job, added };
}

/**
 * A new conversation's first message whose earlier send is still being answered is that message
 * sent twice at once: refused, as when the two requests collide in the same conversation.
 */
async function refuseWhileAnswered(engine: ChatEngine, userId: string, taken: TakenMessageId): Promise<void> {
  if (!taken.conversationId) return;
  const job = await engine.generations.findJob(userId, taken.conversationId);
  if (job && (await engine.generations.isRunning(job))) throw sentAlready();
}

/**
 * Starts the second answer once the first has started. Its failure to start (its own lane busy, a
 * balance that covers only one answer) does not fail the first: it becomes the second answer's
 * error event in the stream.
 */
async function startAdded(
  ctx: AppContext,
  engine: ChatEngine,
  plan: ChatPlan,
  requestSaved: Promise<unknown>,
): Promise<JobMeta | AddedFailure> {
  try {
    return (await startChat(ctx, engine, plan, requestSaved as Parameters<typeof startChat>[3])).job;
  } catch (error) {
    if (!(error instanceof AppError)) ctx.logger.error({ err: error }, 'second answer did not start');
    const text =
      error instanceof AppError
        ? error.details.type
          ? JSON.stringify(error.details)
          : error.message
        : 'The second answer could not be started.';
    const ids = {
      responseMessageId: plan.exchange.responseMessageId,
      conversationId: plan.conversation.conversationId,
      requestMessageId: plan.exchange.request.messageId,
    };
    return { failedJson: JSON.stringify(errorEvent(ids, text)) };
  }
}

/** A second answer that could not start: its error event. */
interface AddedFailure {
  failedJson: string;
}

/**
 * The second answer of the message `job` answers, when one was asked for with it
 * (multi-conversation). One started before `job` belongs to an earlier answer of the same message
 * (`job` regenerates a second answer on its own).
 */
async function addedJobOf(engine: ChatEngine, job: JobMeta): Promise<JobMeta | null> {
  if (job.lane) return null;
  const added = await engine.generations.findJob(job.userId, addedLane(job.conversationId));
  const withJob = added?.requestMessageId === job.requestMessageId && added.startedAt >= job.startedAt;
  return withJob ? added : null;
}

/** The client opted in to a generation that outlives its stream (PROTOCOL.md, Stop by disconnect). */
function wantsResumable(request: FastifyRequest): boolean {
  const value = request.headers[RESUMABLE_STREAM_HEADER.toLowerCase()];
  return typeof value === 'string' && ['true', '1'].includes(value.trim().toLowerCase());
}

/**
 * Takes over the response and writes the job's events as SSE until its final event; with a second
 * answer (multi-conversation), that job's events too, each marked as the second answer's, until
 * both have ended. Each stream counts as one subscriber of each job; when it closes before the end,
 * the jobs' manager decides whether that stops them (the last stream of a job that is not
 * resumable).
 */
async function streamJob(
  ctx: AppContext,
  engine: ChatEngine,
  reply: FastifyReply,
  jobs: { job: JobMeta; added: JobMeta | AddedFailure | null },
  resume: boolean,
): Promise<void> {
  reply.hijack();
  const sse = new SseStream(reply.raw);
  const { job, added } = jobs;
  const followed = [job, ...(added && 'jobId' in added ? [added] : [])];
  let running = followed.length;
  const ending = () => {
    running -= 1;
    if (running === 0) sse.end();
  };
  if (added && 'failedJson' in added) sse.message(markAddedAnswer(added.failedJson));
  const main: EventSink = {
    message: (json) => sse.message(json),
    error: (json) => sse.error(json),
    attachment: (json) => sse.attachment(json),
    end: ending,
  };
  // The second answer's error is an ordinary (marked) message: an `error` event ends a stream
  // for clients, and the first answer may still be streaming.
  const second: EventSink = {
    message: (json) => sse.message(markAddedAnswer(json)),
    error: (json) => sse.message(markAddedAnswer(json)),
    attachment: (json) => sse.attachment(markAddedAnswer(json)),
    end: ending,
  };
  const attached: JobMeta[] = [];
  const detachAll = () => {
    for (const meta of attached) {
      engine.generations.detach(meta).catch((err: unknown) => ctx.logger.error({ err }, 'detach failed'));
    }
  };
  try {
    for (const meta of followed) {
      await engine.generations.attach(meta);
      attached.push(meta);
    }
    const followings = await Promise.all(
      followed.map((meta) => followJob(ctx.bus, meta.jobId, meta === job ? main : second, { resume })),
    );
    sse.onClose(() => {
      for (const following of followings) void following.stop();
      if (running > 0) detachAll();
    });
  } catch (err) {
    detachAll();
    ctx.logger.error({ err, jobId: job.jobId }, 'could not follow a generation');
    sse.error(JSON.stringify(errorEvent(job, 'The stream could not be followed.')));
    sse.end();
  }
}
