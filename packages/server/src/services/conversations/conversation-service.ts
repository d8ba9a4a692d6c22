import type { Conversation, DeleteConversationsResult } from '@parley/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { recountTags, recountTagsOfDeleted } from '../tags/tag-counts.ts';
import { visibleConversation } from '../conversation-records/conversation-access.ts';
import { toConversation } from '../conversation-records/conversation-dto.ts';
import { isProjectMember, projectForMember } from '../projects/project-access.ts';

const NOT_FOUND = 'Conversation not found';

/** The user's conversation, or null when it does not exist, is another user's or has expired. */
export async function getConversation(
  db: Database,
  userId: string,
  conversationId: string,
  now = new Date(),
): Promise<Conversation | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(visibleConversation(userId, conversationId, now))
    .limit(1);
  return row ? toConversation(row) : null;
}

/** Like getConversation, but a missing conversation is a 404. */
export async function requireConversation(
  db: Database,
  userId: string,
  conversationId: string,
  now = new Date(),
): Promise<Conversation> {
  const conversation = await getConversation(db, userId, conversationId, now);
  if (!conversation) throw notFound(NOT_FOUND);
  return conversation;
}

export interface ConversationChanges {
  /** Already trimmed and length-checked by the request schema. */
  title?: string;
  isArchived?: boolean;
  /** A project the caller is a member of, or null to move the conversation out of its project. */
  projectId?: string | null;
}

/**
 * Renames, archives and/or moves into or out of a project; bumps updatedAt like every other change.
 * 404 when the conversation is not visible, or the project is not one the caller is a member of
 * (checked again in the update itself, so a membership removed meanwhile moves nothing).
 */
export async function updateConversation(
  db: Database,
  userId: string,
  conversationId: string,
  changes: ConversationChanges,
  now = new Date(),
): Promise<Conversation> {
  if (changes.projectId) await projectForMember(db, userId, changes.projectId);
  const [row] = await db
    .update(conversations)
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.isArchived !== undefined ? { isArchived: changes.isArchived } : {}),
      ...(changes.projectId !== undefined ? { projectId: changes.projectId } : {}),
      updatedAt: now,
    })
    .where(
      and(
        visibleConversation(userId, conversationId, now),
        changes.projectId ? isProjectMember(userId, sql`${changes.projectId}`) : undefined,
      ),
    )
    .returning();
  if (!row) throw notFound(NOT_FOUND);
  return toConversation(row);
}

function deleteResult(conversationCount: number, messageCount: number): DeleteConversationsResult {
  return {
    acknowledged: true,
    deletedCount: conversationCount,
    messages: { acknowledged: true, deletedCount: messageCount },
  };
}

/**
 * Deletes one conversation with its messages and recounts the bookmarks it carried. 404 when it
 * is not the user's (or has expired).
 */
export async function deleteConversation(
  db: Database,
  userId: string,
  conversationId: string,
  now = new Date(),
): Promise<DeleteConversationsResult> {
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: conversations.conversationId })
      .from(conversations)
      .where(visibleConversation(userId, conversationId, now))
      .for('update');
    if (!owned) throw notFound(NOT_FOUND);
    // Deleted explicitly (the foreign key would cascade) so the answer can count them.
    const deletedMessages = await tx
      .delete(messages)
      .where(eq(messages.conversationId, conversationId))
      .returning({ id: messages.messageId });
    const deleted = await tx
      .delete(conversations)
      .where(and(eq(conversations.conversationId, conversationId), eq(conversations.userId, userId)))
      .returning({ userId: conversations.userId, tags: conversations.tags });
    await recountTagsOfDeleted(tx, deleted);
    return deleteResult(deleted.length, deletedMessages.length);
  });
}

/**
 * Deletes every conversation of the user (temporary and archived ones included) and their
 * messages. The bookmarks stay, their counts recomputed (to zero unless a conversation arrived
 * meanwhile).
 */
export async function deleteAllConversations(
  db: Database,
  userId: string,
): Promise<DeleteConversationsResult> {
  return db.transaction(async (tx) => {
    const owned = tx
      .select({ id: conversations.conversationId })
      .from(conversations)
      .where(eq(conversations.userId, userId));
    const deletedMessages = await tx
      .delete(messages)
      .where(inArray(messages.conversationId, owned))
      .returning({ id: messages.messageId });
    const deleted = await tx
      .delete(conversations)
      .where(eq(conversations.userId, userId))
      .returning({ id: conversations.conversationId });
    await recountTags(tx, userId);
    return deleteResult(deleted.length, deletedMessages.length);
  });
}
