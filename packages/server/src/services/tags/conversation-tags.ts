import type { ConversationTag } from '@parley/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations, conversationTags } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { visibleConversation } from '../conversation-records/conversation-access.ts';
import { ensureTags, recountTags } from './tag-counts.ts';
import { toConversationTag } from './tag-dto.ts';

async function conversationTagsOf(db: Database, userId: string, conversationId: string): Promise<string[]> {
  const [row] = await db
    .select({ tags: conversations.tags })
    .from(conversations)
    .where(visibleConversation(userId, conversationId, new Date()))
    .limit(1);
  if (!row) throw notFound('Conversation not found');
  return row.tags;
}

/**
 * Sets the conversation's complete list of tags (order kept, duplicates dropped), creating
 * bookmarks for new names and recounting every tag that was added or removed. The
 * conversation's updatedAt is left alone: bookmarking must not move it in the sidebar.
 */
export async function setConversationTags(
  db: Database,
  userId: string,
  conversationId: string,
  wanted: string[],
): Promise<string[]> {
  const tags = [...new Set(wanted)];
  return db.transaction(async (tx) => {
    const before = await conversationTagsOf(tx, userId, conversationId);
    await ensureTags(tx, userId, tags);
    await tx
      .update(conversations)
      .set({ tags })
      .where(and(eq(conversations.conversationId, conversationId), eq(conversations.userId, userId)));
    await recountTags(tx, userId, [...new Set([...before, ...tags])]);
    return tags;
  });
}

/** Adds one tag to a conversation (POST /api/tags with addToConversation). */
export async function addTagToConversation(
  db: Database,
  userId: string,
  conversationId: string,
  tag: string,
): Promise<void> {
  const before = await conversationTagsOf(db, userId, conversationId);
  if (!before.includes(tag)) await setConversationTags(db, userId, conversationId, [...before, tag]);
}

/**
 * POST /api/tags/rebuild: bookmarks for every tag name conversations carry, every count
 * recomputed. Deletions keep counts right themselves; this repairs rows changed by other means
 * (e.g. by hand in the database).
 */
export async function rebuildTags(db: Database, userId: string): Promise<ConversationTag[]> {
  const used = await db
    .selectDistinct({ tag: sql<string>`unnest(${conversations.tags})` })
    .from(conversations)
    .where(and(eq(conversations.userId, userId)));
  await ensureTags(
    db,
    userId,
    used.map((u) => u.tag),
  );
  await recountTags(db, userId);
  const rows = await db
    .select()
    .from(conversationTags)
    .where(eq(conversationTags.userId, userId))
    .orderBy(asc(conversationTags.position), asc(conversationTags.createdAt));
  return rows.map(toConversationTag);
}
