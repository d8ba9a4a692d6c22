import { abortRequestSchema, chatRequestSchema, errorEvent, type AnswerIds } from '@parley/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { notFound } from '../http/http-error.ts';
import { parse } from '../http/validate.ts';
import { createChatEngine, type ChatEngine } from '../services/chat/chat-engine.ts';
import { findConversation } from '../services/chat/chat-persistence.ts';
import { startChat } from '../services/chat/chat-service.ts';
import { SseStream } from '../services/chat/sse-stream.ts';
import { followJob } from '../services/generation/job-follower.ts';
import { endpointRoutes } from './endpoint-routes.ts';
import { titleRoutes } from './title-routes.ts';

/**
 * The chat engine's routes (PROTOCOL.md): start a generation and stream it, stop, resume and
 * list running ones; plus the endpoint lists and title wait that share the engine.
 */
export async function chatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const engine = await createChatEngine(ctx);
  // Before the server stops accepting: stop generations so their answers are saved as unfinished
  // and their open streams end with `final` instead of being cut at the grace deadline.
  app.addHook('preClose', async () => engine.stopGenerations());
  endpointRoutes(app, ctx, engine.endpoints);
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
      return streamJob(ctx, reply, job, true);
    },
  );

  const start = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = parse(chatRequestSchema, request.body);
    const { endpoint } = request.params as { endpoint?: string };
    const job = await startChat(ctx, engine, currentUser(request).id, endpoint, body);
    return streamJob(ctx, reply, job, false);
  };
  app.post('/api/agents/chat', auth, start);
  app.post('/api/agents/chat/:endpoint', auth, start);
  app.post('/api/agents/chat/:endpoint/modify', auth, start);
}

/** Takes over the response and writes the job's events as SSE until its final event. */
async function streamJob(
  ctx: AppContext,
  reply: FastifyReply,
  job: AnswerIds & { jobId: string },
  resume: boolean,
): Promise<void> {
  const { jobId } = job;
  reply.hijack();
  const sse = new SseStream(reply.raw);
  try {
    const following = await followJob(ctx.bus, jobId, sse, { resume });
    // The client leaving stops only this subscription; the generation goes on.
    sse.onClose(() => void following.stop());
  } catch (err) {
    ctx.logger.error({ err, jobId }, 'could not follow a generation');
    sse.error(JSON.stringify(errorEvent(job, 'The stream could not be followed.')));
    sse.end();
  }
}
