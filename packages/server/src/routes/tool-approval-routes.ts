import { toolAnswerRequestSchema, toolApprovalRequestSchema } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest, conflict, notFound } from '../errors/app-error.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import type { ApprovalWaits, ReplyRefusal } from '../services/tools/approval-waits.ts';

/**
 * The user's replies to a paused tool call: `approve` (approve or deny a call, optionally for the
 * rest of the conversation) and `answer` (an `ask_user` question). Either reaches the run on
 * whichever instance runs it (the Bus); a call that is not the caller's waiting call is a 404.
 */
export function toolApprovalRoutes(app: FastifyInstance, ctx: AppContext, approvals: ApprovalWaits): void {
  const auth = { preHandler: authenticate(ctx) };

  app.post('/api/agents/chat/approve', auth, async (request, reply) => {
    const body = parse(toolApprovalRequestSchema, request.body);
    const refusal = await approvals.reply(currentUser(request).id, body.conversationId, body.toolCallId, {
      decision: body.decision,
      ...(body.remember ? { remember: true } : {}),
    });
    refuse(refusal, 'a question; answer it with /api/agents/chat/answer');
    return reply.code(204).send();
  });

  app.post('/api/agents/chat/answer', auth, async (request, reply) => {
    const body = parse(toolAnswerRequestSchema, request.body);
    const refusal = await approvals.reply(currentUser(request).id, body.conversationId, body.toolCallId, {
      answer: body.answer,
    });
    refuse(refusal, 'waiting for approval; decide with /api/agents/chat/approve');
    return reply.code(204).send();
  });
}

function refuse(refusal: ReplyRefusal | null, otherKind: string): void {
  if (refusal === 'missing') throw notFound('No tool call of yours waits for a reply under this id');
  if (refusal === 'wrong-kind') throw badRequest(`This tool call is ${otherKind}`);
  if (refusal === 'answered') throw conflict('This tool call was answered already');
}
