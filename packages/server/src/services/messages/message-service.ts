import type { Message } from '@parley/schema';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { visibleConversation } from '../conversation-records/conversation-access.ts';
import { toMessage } from '../conversation-records/conversation-dto.ts';
import { parentFirstOrder } from './parent-first-order.ts';

/**
 * Every message of the user's conversation, oldest first with parents always before their
 * children (so the client can build the tree in one pass); null when the conversation is not
 * the user's or has expired.
 */
export async function getMessages(
  db: Database,
  userId: string,
  conversationId: string,
  now = new Date(),
): Promise<Message[] | null> {
  const [conversation] = await db
    .select({ id: conversations.conversationId })
    .from(conversations)
    .where(visibleConversation(userId, conversationId, now))
    .limit(1);
  if (!conversation) return null;
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.userId, userId)))
    .orderBy(asc(messages.createdAt), asc(messages.messageId));
  return parentFirstOrder(rows).map(toMessage);
}

/** One message of the user's (visible) conversation, or null. */
export async function getMessage(
  db: Database,
  userId: string,
  conversationId: string,
  messageId: string,
  now = new Date(),
): Promise<Message | null> {
  const [row] = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(conversations, eq(conversations.conversationId, messages.conversationId))
    .where(
      and(
        eq(messages.messageId, messageId),
        eq(messages.conversationId, conversationId),
        eq(messages.userId, userId),
        visibleConversation(userId, conversationId, now),
      ),
    )
    .limit(1);
  return row ? toMessage(row.message) : null;
}
