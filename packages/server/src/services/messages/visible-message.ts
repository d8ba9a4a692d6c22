import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations, messages, type MessageRow } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { visibleConversation, visibleConversations } from '../conversation-records/conversation-access.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Locks one of the caller's messages for an edit, or answers 404 when it is not theirs or its
 * conversation is hidden (expired, or not theirs). With a conversation id the message must also
 * belong to that conversation, as the routes that name both require.
 */
export async function lockVisibleMessage(
  tx: Tx,
  userId: string,
  target: { messageId: string; conversationId?: string },
  now: Date,
): Promise<MessageRow> {
  const conversation =
    target.conversationId === undefined
      ? visibleConversations(userId, now)
      : and(
          eq(messages.conversationId, target.conversationId),
          visibleConversation(userId, target.conversationId, now),
        );
  const [row] = await tx
    .select({ message: messages })
    .from(messages)
    .innerJoin(conversations, eq(conversations.conversationId, messages.conversationId))
    .where(and(eq(messages.messageId, target.messageId), eq(messages.userId, userId), conversation))
    .for('update', { of: messages });
  if (!row) throw notFound('Message not found');
  return row.message;
}
