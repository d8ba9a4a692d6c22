import {
  artifactEditParamsSchema,
  artifactEditSchema,
  listMessagesQuerySchema,
  messageFeedbackSchema,
  messageParamsSchema,
  messagesOfConversationParamsSchema,
  updateMessageSchema,
} from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { notFound } from '../errors/app-error.ts';
import { parse } from '../http/validate.ts';
import { listMessages } from '../services/messages/message-list.ts';
import { setMessageFeedback, updateMessageText } from '../services/messages/message-mutations.ts';
import { editArtifact } from '../services/messages/artifact-edit.ts';
import { getMessages } from '../services/messages/message-service.ts';
import { markRunningMemoryStep } from '../services/memories/memory-step-mark.ts';

/** Message reads, edits and feedback. */
export function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = authenticate(ctx);

  app.get('/api/messages', { preHandler }, async (request) => {
    const query = parse(listMessagesQuerySchema, request.query, 'query');
    return listMessages(ctx.db, currentUser(request).id, query);
  });

  app.get('/api/messages/:conversationId', { preHandler }, async (request) => {
    const { conversationId } = parse(messagesOfConversationParamsSchema, request.params, 'params');
    const list = await getMessages(ctx.db, currentUser(request).id, conversationId);
    if (!list) throw notFound('Conversation not found');
    return markRunningMemoryStep(ctx.bus, list);
  });

  app.put('/api/messages/:conversationId/:messageId', { preHandler }, async (request) => {
    const ref = parse(messageParamsSchema, request.params, 'params');
    const edit = parse(updateMessageSchema, request.body);
    return updateMessageText(ctx.db, currentUser(request).id, ref, edit);
  });

  // Registered before the conversation routes' shapes: "artifact" is a path word, not an id.
  app.post('/api/messages/artifact/:messageId', { preHandler }, async (request) => {
    const { messageId } = parse(artifactEditParamsSchema, request.params, 'params');
    const edit = parse(artifactEditSchema, request.body);
    return editArtifact(ctx.db, currentUser(request).id, messageId, edit);
  });

  app.put('/api/messages/:conversationId/:messageId/feedback', { preHandler }, async (request) => {
    const ref = parse(messageParamsSchema, request.params, 'params');
    const { feedback } = parse(messageFeedbackSchema, request.body);
    return setMessageFeedback(ctx.db, currentUser(request).id, ref, feedback);
  });
}
