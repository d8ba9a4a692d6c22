import { and, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import { conversations } from '../../db/schema/index.ts';

/**
 * The conversations a user may see: their own, minus temporary chats past their expiry and
 * conversations an import is still writing. Expired ones stay invisible even before the cleanup
 * job has deleted them.
 */
export function visibleConversations(userId: string, now: Date): SQL {
  return and(
    eq(conversations.userId, userId),
    isNull(conversations.importId),
    or(isNull(conversations.expiredAt), gt(conversations.expiredAt, now)),
  )!;
}

/** One conversation of the user by id, under the same visibility rule. */
export function visibleConversation(userId: string, conversationId: string, now: Date): SQL {
  return and(eq(conversations.conversationId, conversationId), visibleConversations(userId, now))!;
}
