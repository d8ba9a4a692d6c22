import {
  DEFAULT_BOOKMARK_TAG,
  type ConversationTag,
  type CreateTagBody,
  type UpdateTagBody,
} from '@parley/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations, conversationTags } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import { addTagToConversation } from './conversation-tags.ts';
import { toConversationTag } from './tag-dto.ts';
import { recountTags } from './tag-counts.ts';

const TAG_NOT_FOUND = 'Tag not found';

async function tagRows(db: Database, userId: string) {
  return db
    .select()
    .from(conversationTags)
    .where(eq(conversationTags.userId, userId))
    .orderBy(asc(conversationTags.position), asc(conversationTags.createdAt));
}

/**
 * The user's bookmarks by position. A user without any gets the default "Saved" one, so the
 * bookmark menu always has somewhere to save to.
 */
export async function listTags(db: Database, userId: string): Promise<ConversationTag[]> {
  let rows = await tagRows(db, userId);
  if (rows.length === 0) {
    await db
      .insert(conversationTags)
      .values({ userId, tag: DEFAULT_BOOKMARK_TAG, position: 0 })
      .onConflictDoNothing();
    await recountTags(db, userId, [DEFAULT_BOOKMARK_TAG]);
    rows = await tagRows(db, userId);
  }
  return rows.map(toConversationTag);
}

async function requireTag(db: Database, userId: string, tag: string) {
  const [row] = await db
    .select()
    .from(conversationTags)
    .where(and(eq(conversationTags.userId, userId), eq(conversationTags.tag, tag)))
    .limit(1);
  if (!row) throw notFound(TAG_NOT_FOUND);
  return row;
}

/** A new bookmark at the end of the list; 409 when the user already has one of that name. */
export async function createTag(db: Database, userId: string, body: CreateTagBody): Promise<ConversationTag> {
  const [{ next } = { next: 0 }] = await db
    .select({ next: sql<number>`coalesce(max(${conversationTags.position}) + 1, 0)::int` })
    .from(conversationTags)
    .where(eq(conversationTags.userId, userId));
  const [row] = await db
    .insert(conversationTags)
    .values({ userId, tag: body.tag, description: body.description ?? '', position: next })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('Tag already exists');
  if (body.addToConversation && body.conversationId) {
    await addTagToConversation(db, userId, body.conversationId, body.tag);
  }
  return toConversationTag(await requireTag(db, userId, body.tag));
}

/** Moves `tag` to index `position` (clamped) and renumbers the others 0..n-1. */
async function moveTag(db: Database, userId: string, tag: string, position: number): Promise<void> {
  const rows = await tagRows(db, userId);
  const order = rows.map((r) => r.tag).filter((t) => t !== tag);
  order.splice(Math.min(position, order.length), 0, tag);
  for (const [index, name] of order.entries()) {
    const current = rows.find((r) => r.tag === name);
    if (current?.position === index) continue;
    await db
      .update(conversationTags)
      .set({ position: index })
      .where(and(eq(conversationTags.userId, userId), eq(conversationTags.tag, name)));
  }
}

/** Renames (carrying the new name into every conversation), describes and/or moves a bookmark. */
export async function updateTag(
  db: Database,
  userId: string,
  tag: string,
  body: UpdateTagBody,
): Promise<ConversationTag> {
  return db.transaction(async (tx) => {
    await requireTag(tx, userId, tag);
    const name = body.tag ?? tag;
    if (name !== tag) {
      const [taken] = await tx
        .select({ id: conversationTags.id })
        .from(conversationTags)
        .where(and(eq(conversationTags.userId, userId), eq(conversationTags.tag, name)));
      if (taken) throw conflict('Tag already exists');
      await tx
        .update(conversations)
        .set({ tags: sql`array_replace(${conversations.tags}, ${tag}, ${name})` })
        .where(and(eq(conversations.userId, userId), sql`${conversations.tags} @> array[${tag}]::text[]`));
    }
    await tx
      .update(conversationTags)
      .set({
        tag: name,
        ...(body.description !== undefined ? { description: body.description } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(conversationTags.userId, userId), eq(conversationTags.tag, tag)));
    if (body.position !== undefined) await moveTag(tx, userId, name, body.position);
    return toConversationTag(await requireTag(tx, userId, name));
  });
}

/** Deletes a bookmark and takes it off every conversation; the others close the gap. */
export async function deleteTag(db: Database, userId: string, tag: string): Promise<ConversationTag> {
  return db.transaction(async (tx) => {
    const row = await requireTag(tx, userId, tag);
    await tx
      .update(conversations)
      .set({ tags: sql`array_remove(${conversations.tags}, ${tag})` })
      .where(and(eq(conversations.userId, userId), sql`${conversations.tags} @> array[${tag}]::text[]`));
    await tx.delete(conversationTags).where(eq(conversationTags.id, row.id));
    await tx
      .update(conversationTags)
      .set({ position: sql`${conversationTags.position} - 1` })
      .where(and(eq(conversationTags.userId, userId), sql`${conversationTags.position} > ${row.position}`));
    return toConversationTag(row);
  });
}
