import { randomUUID } from 'node:crypto';
import { NO_PARENT, type ChatRequest } from '@parley/schema';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
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
 * A new conversation's first message sent again: the conversation its first send created (the
 * client never learnt its id), or null when the request is not such a resend.
 */
export async function resentConversationId(
  db: Database,
  userId: string,
  body: ChatRequest,
): Promise<string | null> {
  const id = clientMessageId(body);
  if (!id || body.conversationId || !isNewMessage(body) || body.parentMessageId !== NO_PARENT) return null;
  const [row] = await db
    .select({ conversationId: messages.conversationId })
    .from(messages)
    .where(
      and(
        eq(messages.messageId, id),
        eq(messages.userId, userId),
        eq(messages.isCreatedByUser, true),
        eq(messages.parentMessageId, NO_PARENT),
        eq(messages.text, body.text),
      ),
    )
    .limit(1);
  return row?.conversationId ?? null;
}

/** The id a new user message is saved under: the client's when it is a UUID no message has yet. */
export async function newUserMessageId(db: Database, body: ChatRequest): Promise<string> {
  const id = clientMessageId(body);
  if (!id) return randomUUID();
  const [taken] = await db
    .select({ id: messages.messageId })
    .from(messages)
    .where(eq(messages.messageId, id))
    .limit(1);
  return taken ? randomUUID() : id;
}
