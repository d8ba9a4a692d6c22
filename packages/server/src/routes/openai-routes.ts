import {
  API_SAVE_HEADER,
  apiChatRequestSchema,
  apiEmbeddingsRequestSchema,
  type ApiChatRequest,
} from '@parley/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppEngines } from '../app-engines.ts';
import type { AppContext } from '../context.ts';
import { authenticateApiKey, currentKeyCaller } from '../http/authenticate-api-key.ts';
import { fromProviderFailure, installOpenAiErrors } from '../http/openai-errors.ts';
import { SseStream } from '../http/sse-stream.ts';
import { parse } from '../http/validate.ts';
import type { ChatEngine } from '../services/chat/chat-engine-type.ts';
import { modelNotFound, planApiChat } from '../services/openai-api/api-chat-plan.ts';
import { startApiChat, type ApiChatRun } from '../services/openai-api/api-chat-run.ts';
import {
  completion,
  deltaChunk,
  finishChunk,
  gatherer,
  roleChunk,
  usageChunk,
  type CompletionIds,
} from '../services/openai-api/api-chunks.ts';
import { apiEmbeddings } from '../services/openai-api/api-embeddings.ts';
import { listApiModels } from '../services/openai-api/api-model-names.ts';
import { sessionCaller } from '../services/permissions/session-caller.ts';
import { messageLimits } from '../services/rate-limit/message-limits.ts';
import { RateLimiter } from '../services/rate-limit/rate-limiter.ts';

/** A request's body may carry pictures as data: URLs: more room than the web app's 2 MB. */
const CHAT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * The OpenAI-compatible API under `/v1/`, opened by a personal API key only: the models the key's
 * owner may use, chat completions (plain and streamed) through the chat pipeline's services, and
 * embeddings when an embeddings provider is configured. Answers and errors are OpenAI's shapes.
 */
export async function openAiRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { chat }: AppEngines,
): Promise<void> {
  await app.register(
    async (v1) => {
      installOpenAiErrors(v1);
      v1.addHook('preHandler', authenticateApiKey(ctx));
      modelRoutes(v1, ctx, chat);
      chatCompletionRoute(v1, ctx, chat);
      v1.post('/embeddings', async (request) => {
        const body = parse(apiEmbeddingsRequestSchema, request.body);
        return apiEmbeddings(ctx, currentKeyCaller(request).keyId, body);
      });
    },
    { prefix: '/v1' },
  );
}

function modelRoutes(v1: FastifyInstance, ctx: AppContext, engine: ChatEngine): void {
  const models = async (request: FastifyRequest) => {
    const names = await listApiModels(
      ctx,
      engine.endpoints,
      await sessionCaller(ctx.db, currentKeyCaller(request).user),
    );
    const embeddings = ctx.fileEmbeddings ? [ctx.fileEmbeddings.model] : [];
    return [...names, ...embeddings].map((id) => ({
      id,
      object: 'model',
      created: 0,
      owned_by: id.includes('/') ? id.slice(0, id.indexOf('/')) : 'parley',
    }));
  };
  v1.get('/models', async (request) => ({ object: 'list', data: await models(request) }));
  v1.get('/models/*', async (request) => {
    const id = (request.params as { '*': string })['*'];
    const found = (await models(request)).find((m) => m.id === id);
    if (!found) throw modelNotFound(id);
    return found;
  });
}

function chatCompletionRoute(v1: FastifyInstance, ctx: AppContext, engine: ChatEngine): void {
  const limiter = new RateLimiter(ctx.bus, ctx.bans);
  const limits = messageLimits(ctx.config.env);
  v1.post('/chat/completions', { bodyLimit: CHAT_BODY_LIMIT }, async (request, reply) => {
    const body = parse(apiChatRequestSchema, request.body);
    const caller = currentKeyCaller(request);
    // The chat's message limits count API messages too (off unless the operator turns them on).
    await limiter.hit(limits.ip, [`ip:${request.ip}`]);
    await limiter.hit(limits.user, [`user:${caller.user.id}`]);
    const plan = await planApiChat(ctx, engine, caller, body);
    const save = wantsSave(request) ? { messages: body.messages, asked: body.model } : null;
    const run = await startApiChat(ctx, engine, plan, { save });
    const ids = { id: `chatcmpl-${run.id}`, created: Math.floor(Date.now() / 1000), model: body.model };
    if (run.conversationId) reply.header('x-parley-conversation-id', run.conversationId);
    return body.stream ? streamed(reply, run, ids, body) : whole(reply, run, ids);
  });
}

/** `X-Parley-Save: true` keeps the exchange as a conversation; API calls are not saved otherwise. */
function wantsSave(request: FastifyRequest): boolean {
  const value = request.headers[API_SAVE_HEADER.toLowerCase()];
  return typeof value === 'string' && ['true', '1'].includes(value.trim().toLowerCase());
}

/** A signal that fires when the client goes away before the answer was written. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

async function whole(reply: FastifyReply, run: ApiChatRun, ids: CompletionIds) {
  const gathered = gatherer();
  const end = await run.stream(gathered.add, clientGone(reply));
  if (end.type === 'error') {
    const { status, body } = fromProviderFailure(end.failure);
    return reply.status(status).send(body);
  }
  return reply.send(completion(ids, gathered.answer, end.reason, end.usage));
}

/**
 * The answer as OpenAI's stream: the response starts with the first piece of the answer, so a
 * provider failure before any output is still an ordinary error answer with its status; one after
 * it is an `error` event. It ends with `data: [DONE]`.
 */
async function streamed(reply: FastifyReply, run: ApiChatRun, ids: CompletionIds, body: ApiChatRequest) {
  const withUsage = body.stream_options?.include_usage === true;
  const signal = clientGone(reply);
  let sse: SseStream | null = null;
  const open = (): SseStream => {
    if (sse) return sse;
    const headers = reply.getHeaders();
    reply.hijack();
    for (const [name, value] of Object.entries(headers))
      if (value !== undefined) reply.raw.setHeader(name, value);
    sse = new SseStream(reply.raw);
    sse.data(JSON.stringify(roleChunk(ids, withUsage)));
    return sse;
  };
  const end = await run.stream(
    (event) => open().data(JSON.stringify(deltaChunk(ids, event, withUsage))),
    signal,
  );
  if (end.type === 'error' && !sse) {
    const { status, body: error } = fromProviderFailure(end.failure);
    return reply.status(status).send(error);
  }
  const stream = open();
  if (end.type === 'error') stream.data(JSON.stringify(fromProviderFailure(end.failure).body));
  else {
    stream.data(JSON.stringify(finishChunk(ids, end.reason, withUsage)));
    if (withUsage) stream.data(JSON.stringify(usageChunk(ids, end.usage)));
  }
  stream.data('[DONE]');
  stream.end();
}
