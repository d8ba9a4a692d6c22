import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations, type ConversationRow } from '../../db/schema/index.ts';

/**
 * The conversations a user may see: their own, minus temporary chats past their expiry and
 * conversations an import is still writing. Expired ones stay invisible even before the cleanup
 * job has deleted them.
 */
export function visibleConversations(userId: string, now: Date): SQL {
  return and(
    eq(conversations.userId, userId),
    notPendingImport(),
    or(isNull(conversations.expiredAt), gt(conversations.expiredAt, now)),
  )!;
}

/**
 * Not written by an import that is still running. A hashed `not in` over the few pending
 * imports; finished imports are not listed there.
 */
export function notPendingImport(): SQL {
  return sql`(${conversations.importId} is null or ${conversations.importId} not in (select import_id from pending_imports))`;
}

/** One conversation of the user by id, under the same visibility rule. */
export function visibleConversation(userId: string, conversationId: string, now: Date): SQL {
  return and(eq(conversations.conversationId, conversationId), visibleConversations(userId, now))!;
}

/**
 * The caller's conversation under the one visibility rule: not a temporary chat past its expiry
 * and not written by an import that is still running.
 */
export async function findConversation(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(visibleConversation(userId, conversationId, new Date()))
    .limit(1);
  return row ?? null;
}
