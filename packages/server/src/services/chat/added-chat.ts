import { hasPermission, type ChatRequest } from '@parley/schema';
import type { AppContext, AuthUser } from '../../context.ts';
import { badRequest, forbidden } from '../../errors/app-error.ts';
import { loadSharedEntityCaller } from '../permissions/shared-entity-caller.ts';
import { findMessage } from './chat-persistence.ts';
import { planChat } from './chat-plan.ts';
import type { ChatPlan } from './chat-plan-type.ts';

/**
 * The fields of a chat request that describe the user's message rather than the model setup: a
 * second answer (multi-conversation) answers the same message, with its own setup from
 * `addedConvo`. The tools the user turned on (`ephemeralAgent`) apply to both answers.
 */
const MESSAGE_KEYS = [
  'text',
  'sender',
  'isCreatedByUser',
  'clientTimestamp',
  'parentMessageId',
  'conversationId',
  'messageId',
  'overrideParentMessageId',
  'isTemporary',
  'isRegenerate',
  'ephemeralAgent',
  'files',
] as const satisfies readonly (keyof ChatRequest)[];

/**
 * 403 unless a second answer may be asked for here: the server offers it (`interface.multiConvo`)
 * and the caller's role grants MULTI_CONVO.USE.
 */
export async function requireMultiConvo(ctx: AppContext, userId: string): Promise<void> {
  if (!ctx.config.interface.multiConvo) {
    throw forbidden('Answers from several models at once are turned off on this server.');
  }
  const caller = await loadSharedEntityCaller(ctx.db, userId);
  if (!hasPermission(caller.role, 'MULTI_CONVO', 'USE')) {
    throw forbidden('You do not have permission to ask several models at once.');
  }
}

/**
 * Plans the second answer of a request that carries `addedConvo`: the same message as `first`
 * (same conversation, request message and branch), answered by the added endpoint and model, agent
 * or model spec, checked exactly as a request of its own would be (an unknown endpoint, another
 * user's agent, parameters out of range are refused). Reads only, like `planChat`.
 */
export async function planAddedChat(
  ctx: AppContext,
  services: Parameters<typeof planChat>[1],
  first: ChatPlan,
  user: AuthUser,
  body: ChatRequest,
): Promise<ChatPlan> {
  const added = body.addedConvo;
  if (!added) throw new Error('planAddedChat needs a request with addedConvo');
  if (body.isContinued) {
    throw badRequest('Continue extends one answer; it cannot ask a second model', [
      { path: 'addedConvo', message: 'not allowed with isContinued' },
    ]);
  }
  const message: Partial<ChatRequest> = {};
  for (const key of MESSAGE_KEYS) {
    if (body[key] !== undefined) Object.assign(message, { [key]: body[key] });
  }
  const addedBody = { ...message, ...added } as ChatRequest;
  return planChat(ctx, services, {
    user,
    endpointName: added.endpoint,
    body: addedBody,
    resumable: first.resumable,
    answering: first,
  });
}

/**
 * Plans the regeneration of one second answer (a request with `pairedAnswerId`): a new answer to
 * the regenerated user message from the request's own endpoint and model (the second model's),
 * standing beside the named first answer, which is not answered again. The first answer must be
 * an answer to that same user message in the caller's conversation. Reads only, like `planChat`.
 */
export async function planSecondRegenerate(
  ctx: AppContext,
  services: Parameters<typeof planChat>[1],
  request: Omit<Parameters<typeof planChat>[2], 'answering' | 'pairedWith'>,
): Promise<ChatPlan> {
  const { body } = request;
  const pairedWith = body.pairedAnswerId;
  if (!pairedWith) throw new Error('planSecondRegenerate needs a request with pairedAnswerId');
  if (!body.isRegenerate || body.isContinued || body.addedConvo || body.editedContent) {
    throw badRequest('pairedAnswerId regenerates a second answer: send it with isRegenerate only', [
      {
        path: 'pairedAnswerId',
        message: 'only with isRegenerate, without isContinued, addedConvo or editedContent',
      },
    ]);
  }
  const plan = await planChat(ctx, services, { ...request, pairedWith });
  const first = await findMessage(ctx.db, plan.userId, plan.conversation.conversationId, pairedWith);
  if (!first || first.isCreatedByUser || first.parentMessageId !== plan.exchange.request.messageId) {
    throw badRequest('pairedAnswerId must be an answer to the regenerated message', [
      { path: 'pairedAnswerId', message: 'Not an answer to this message' },
    ]);
  }
  return plan;
}
