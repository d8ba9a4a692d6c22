import { randomUUID } from 'node:crypto';
import type { ChatRequest } from '@parley/schema';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { messages, type MessageRow } from '../../db/schema/index.ts';
import { conflict } from '../../errors/app-error.ts';
import type { BranchMessage } from './chat-persistence.ts';

/**
 * A client names its new user message (`messageId`, a random UUID) so that sending it again —
 * after a stream was cut before the client learnt that the server had saved it (an instance
 * died, the connection dropped) — answers the saved message instead of saving a second copy.
 *
 * A resend matches only the caller's own message, in the same place: same conversation, same
 * parent, same text. A client id that names anything else (another user's message, or one of the
 * caller's in another place) is not used: the server gives the message an id of its own, as it
 * does for a client that sends no usable id. That request then succeeds like any other and tells
 * the caller nothing about messages that are not theirs, where a refusal would confirm that the
 * id exists somewhere.
 *
 * Nothing here costs the ordinary request a query: a follow-up's resend is found among the
 * conversation's messages, which the request reads anyway, and the client's id is otherwise
 * written as it is. Only when that write finds the id taken (a unique violation: nothing was
 * written) is the row holding it read, to tell a new conversation's first message sent again
 * (answered in the conversation its first send created) from an id that names something else
 * (the request is planned again under an id of the server's) and from the same message sent
 * twice at once (refused).
 */

const CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The client's id for its new user message, when it is one the server may keep (a UUID). */
function clientMessageId(body: ChatRequest): string | null {
  const id = body.messageId?.trim();
  return id && CLIENT_ID.test(id) ? id.toLowerCase() : null;
}

const isNewMessage = (body: ChatRequest) => !body.isRegenerate && !body.isContinued;

/** The saved user message a follow-up request sends again, from its conversation's messages. */
export function resentMessage(
  conversation: Map<string, BranchMessage>,
  body: ChatRequest,
): BranchMessage | undefined {
  const id = clientMessageId(body);
  const saved = id && isNewMessage(body) ? conversation.get(id) : undefined;
  return saved?.isCreatedByUser && saved.parentMessageId === body.parentMessageId && saved.text === body.text
    ? saved
    : undefined;
}

/**
 * The id a new user message is saved under: the client's when it is a UUID that names no message
 * of this conversation (`conversation`, read already; empty for a new one). Whether another
 * conversation holds it is learnt when the message is written (see `TakenMessageId`).
 */
export function newUserMessageId(body: ChatRequest, conversation: Map<string, BranchMessage>): string {
  const id = clientMessageId(body);
  return id && !conversation.has(id) ? id : randomUUID();
}

/**
 * The request message's id was taken when it was written, and the request should be planned
 * again: in `conversationId` (a new conversation's first message sent again: the conversation its
 * first send created, which the client never learnt), or, when that is null, under an id of the
 * server's (the client's id names a message that is not this one). Nothing of the request was
 * written.
 */
export class TakenMessageId extends Error {
  constructor(readonly conversationId: string | null) {
    super('The message id is taken');
  }

  /** The request to plan again. */
  retried(body: ChatRequest): ChatRequest {
    if (this.conversationId) return { ...body, conversationId: this.conversationId };
    const { messageId: _dropped, ...rest } = body;
    return rest;
  }
}

/**
 * What a request message whose id turned out taken becomes (read only after the failed write):
 * the same message of the same user in the same conversation saved meanwhile is the same message
 * sent twice at once (409); a new conversation's first message whose earlier send created another
 * conversation is a resend there; anything else (another user's message, or the same text in
 * another of their existing conversations) gets the server's id.
 */
export async function takenMessageId(
  db: Database,
  request: MessageRow,
  isNewConversation: boolean,
): Promise<Error> {
  const [holder] = await db
    .select({
      userId: messages.userId,
      conversationId: messages.conversationId,
      parentMessageId: messages.parentMessageId,
      isCreatedByUser: messages.isCreatedByUser,
      text: messages.text,
    })
    .from(messages)
    .where(eq(messages.messageId, request.messageId))
    .limit(1);
  const same =
    holder?.userId === request.userId &&
    holder.isCreatedByUser &&
    holder.parentMessageId === request.parentMessageId &&
    holder.text === request.text;
  if (!same) return new TakenMessageId(null);
  if (holder.conversationId === request.conversationId) return sentAlready();
  // Another conversation of theirs: a new conversation's first message was sent there before;
  // anywhere else the id is simply taken.
  return new TakenMessageId(isNewConversation ? holder.conversationId : null);
}

/** The same new message sent twice at once: the other request saved it first. */
export const sentAlready = () => conflict('This message was sent already');
