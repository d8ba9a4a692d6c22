import {
  createMemorySchema,
  memoryKeyParamsSchema,
  memoryPreferencesSchema,
  messageParamsSchema,
  updateMemorySchema,
} from '@parley/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppEngines } from '../app-engines.ts';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { notFound } from '../errors/app-error.ts';
import { loadMemoryCaller } from '../services/memories/memory-caller.ts';
import type { MemoryCaller } from '../services/memories/memory-service.ts';

/**
 * The caller's memories: list with token usage, add, change (value, and key), delete,
 * and the personalization preference (the MEMORIES permissions are checked in the service); and
 * what the memory step changed after one of the caller's answers.
 */
export function memoryRoutes(app: FastifyInstance, ctx: AppContext, { chat }: AppEngines): void {
  const memories = chat.memories;
  const auth = { preHandler: authenticate(ctx) };
  const caller = (request: FastifyRequest): Promise<MemoryCaller> =>
    loadMemoryCaller(ctx.db, currentUser(request).id);

  app.get('/api/memories', auth, async (request) => memories.list(await caller(request)));

  app.post('/api/memories', auth, async (request, reply) => {
    const body = parse(createMemorySchema, request.body);
    const memory = await memories.create(await caller(request), body);
    return reply.status(201).send({ created: true, memory });
  });

  // Registered before `/:key`, so the preference is never read as a memory named "preferences".
  app.patch('/api/memories/preferences', auth, async (request) => {
    const { memories: useMemories } = parse(memoryPreferencesSchema, request.body);
    const stored = await memories.setPreference(await caller(request), useMemories);
    return { updated: true, preferences: { memories: stored } };
  });

  app.patch('/api/memories/:key', auth, async (request) => {
    const { key } = parse(memoryKeyParamsSchema, request.params, 'params');
    const body = parse(updateMemorySchema, request.body);
    return { updated: true, memory: await memories.update(await caller(request), key, body) };
  });

  app.delete('/api/memories/:key', auth, async (request) => {
    const { key } = parse(memoryKeyParamsSchema, request.params, 'params');
    await memories.remove(await caller(request), key);
    return { deleted: true };
  });

  // What the memory step changed after an answer (the in-chat notice): waits while the step runs.
  // Any answer of the caller's may be asked about; another user's is a 404 like a missing one.
  app.get('/api/messages/:conversationId/:messageId/memory', auth, async (request) => {
    const { conversationId, messageId } = parse(messageParamsSchema, request.params, 'params');
    const userId = currentUser(request).id;
    const answer = await chat.memorySteps.updates({ userId, conversationId, messageId });
    if (!answer) throw notFound('Message not found');
    return answer;
  });
}
