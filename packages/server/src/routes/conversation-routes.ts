import {
  conversationIdParamsSchema,
  deleteConversationSchema,
  duplicateConversationSchema,
  forkConversationSchema,
  listConversationsQuerySchema,
  updateConversationSchema,
} from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { listConversations } from '../services/conversations/conversation-list.ts';
import {
  deleteAllConversations,
  deleteConversation,
  requireConversation,
  updateConversation,
} from '../services/conversations/conversation-service.ts';
import { duplicateConversation, forkConversation } from '../services/fork/fork-service.ts';

/** The conversation list and single-conversation reads, rename/archive, fork/duplicate and deletes. */
export function conversationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = authenticate(ctx);

  app.get('/api/convos', { preHandler }, async (request) => {
    const query = parse(listConversationsQuerySchema, request.query, 'query');
    return listConversations(ctx.db, currentUser(request).id, query);
  });

  app.get('/api/convos/:conversationId', { preHandler }, async (request) => {
    const { conversationId } = parse(conversationIdParamsSchema, request.params, 'params');
    return requireConversation(ctx.db, currentUser(request).id, conversationId);
  });

  app.post('/api/convos/update', { preHandler }, async (request) => {
    const { arg } = parse(updateConversationSchema, request.body);
    const { conversationId, ...changes } = arg;
    return updateConversation(ctx.db, currentUser(request).id, conversationId, changes);
  });

  app.post('/api/convos/fork', { preHandler }, async (request, reply) => {
    const body = parse(forkConversationSchema, request.body);
    return reply.code(201).send(await forkConversation(ctx.db, currentUser(request).id, body));
  });

  app.post('/api/convos/duplicate', { preHandler }, async (request, reply) => {
    const body = parse(duplicateConversationSchema, request.body);
    return reply.code(201).send(await duplicateConversation(ctx.db, currentUser(request).id, body));
  });

  app.delete('/api/convos/all', { preHandler }, async (request) =>
    deleteAllConversations(ctx.db, currentUser(request).id),
  );

  app.delete('/api/convos', { preHandler }, async (request) => {
    const { arg } = parse(deleteConversationSchema, request.body);
    return deleteConversation(ctx.db, currentUser(request).id, arg.conversationId);
  });
}
