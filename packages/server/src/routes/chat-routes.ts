import { abortRequestSchema, chatRequestSchema, errorEvent, RESUMABLE_STREAM_HEADER } from '@parley/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { notFound } from '../errors/app-error.ts';
import { parse } from '../http/validate.ts';
import type { AppEngines } from '../app-engines.ts';
import { SseStream } from '../http/sse-stream.ts';
import type { ChatEngine } from '../services/chat/chat-engine.ts';
import { findConversation } from '../services/conversation-records/conversation-access.ts';
import { planChat } from '../services/chat/chat-plan.ts';
import { startChat } from '../services/chat/chat-start.ts';
import { messageLimits } from '../services/rate-limit/message-limits.ts';
import { assertBrowser } from '../services/rate-limit/non-browser.ts';
import { RateLimiter } from '../services/rate-limit/rate-limiter.ts';
import { followJob, type EventSink } from '../services/generation/job-follower.ts';
import type { JobMeta } from '../services/generation/job-keys.ts';
import { endpointRoutes } from './endpoint-routes.ts';
import { titleRoutes } from './title-routes.ts';

/**
 * The chat engine's routes (PROTOCOL.md): start a generation and stream it, stop, resume and
 * list running ones; plus the endpoint lists and title wait that share the engine.
 */
export function chatRoutes(app: FastifyInstance, ctx: AppContext, { chat: engine }: AppEngines): void {
  endpointRoutes(app, ctx, engine.endpoints, engine.agents);
  titleRoutes(app, ctx, engine.titles);
  streamRoutes(app, ctx, engine);
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
    const finalJson = await engine.generations.abort(job);
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
      return streamJob(ctx, engine, reply, job, true);
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
    const plan = await planChat(ctx, engine, { user, endpointName, body, resumable });
    const job = await startChat(ctx, engine, plan);
    return streamJob(ctx, engine, reply, job, false);
  };
  app.post('/api/agents/chat', auth, start);
  app.post('/api/agents/chat/:endpoint', auth, start);
  app.post('/api/agents/chat/:endpoint/modify', auth, start);
}

/** The client opted in to a generation that outlives its stream (PROTOCOL.md, Stop by disconnect). */
function wantsResumable(request: FastifyRequest): boolean {
  const value = request.headers[RESUMABLE_STREAM_HEADER.toLowerCase()];
  return typeof value === 'string' && ['true', '1'].includes(value.trim().toLowerCase());
}

/**
 * Takes over the response and writes the job's events as SSE until its final event. The stream
 * counts as one of the job's subscribers; when it closes before the end, the job's manager decides
 * whether that stops the job (the last stream of a job that is not resumable).
 */
async function streamJob(
  ctx: AppContext,
  engine: ChatEngine,
  reply: FastifyReply,
  job: JobMeta,
  resume: boolean,
): Promise<void> {
  reply.hijack();
  const sse = new SseStream(reply.raw);
  let ended = false;
  const sink: EventSink = {
    message: (json) => sse.message(json),
    error: (json) => sse.error(json),
    end: () => {
      ended = true;
      sse.end();
    },
  };
  const detach = () =>
    engine.generations.detach(job).catch((err: unknown) => ctx.logger.error({ err }, 'detach failed'));
  let attached = false;
  try {
    await engine.generations.attach(job);
    attached = true;
    const following = await followJob(ctx.bus, job.jobId, sink, { resume });
    sse.onClose(() => {
      void following.stop();
      if (!ended) void detach();
    });
  } catch (err) {
    if (attached) void detach();
    ctx.logger.error({ err, jobId: job.jobId }, 'could not follow a generation');
    sse.error(JSON.stringify(errorEvent(job, 'The stream could not be followed.')));
    sse.end();
  }
}
