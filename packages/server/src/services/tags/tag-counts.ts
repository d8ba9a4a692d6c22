import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversationTags } from '../../db/schema/index.ts';

/**
 * Recounts the given tags (all of the user's when `tags` is omitted) from the conversations that
 * carry them. Counting instead of incrementing keeps counts right however the arrays changed;
 * temporary chats and unfinished imports are not counted.
 */
export async function recountTags(db: Database, userId: string, tags?: string[]): Promise<void> {
  if (tags && tags.length === 0) return;
  await db
    .update(conversationTags)
    .set({
      count: sql`(select count(*)::int from conversations c
        where c.user_id = ${userId} and c.expired_at is null
          and (c.import_id is null or c.import_id not in (select import_id from pending_imports))
          and c.tags @> array[${conversationTags.tag}]::text[])`,
    })
    .where(and(eq(conversationTags.userId, userId), tags ? inArray(conversationTags.tag, tags) : undefined));
}

/**
 * Recounts, user by user, the tags that just-deleted conversations carried. Call it in the
 * transaction that deleted them, so no reader sees a count of conversations that are gone.
 */
export async function recountTagsOfDeleted(
  db: Database,
  deleted: { userId: string; tags: string[] }[],
): Promise<void> {
  const byUser = new Map<string, Set<string>>();
  for (const { userId, tags } of deleted) {
    if (tags.length === 0) continue;
    const set = byUser.get(userId) ?? new Set<string>();
    for (const tag of tags) set.add(tag);
    byUser.set(userId, set);
  }
  for (const [userId, tags] of byUser) await recountTags(db, userId, [...tags]);
}

/** Creates rows for tag names that conversations carry but the user has no bookmark for yet. */
export async function ensureTags(db: Database, userId: string, tags: string[]): Promise<void> {
  if (tags.length === 0) return;
  const known = await db
    .select({ tag: conversationTags.tag })
    .from(conversationTags)
    .where(and(eq(conversationTags.userId, userId), inArray(conversationTags.tag, tags)));
  const missing = tags.filter((t) => !known.some((k) => k.tag === t));
  if (missing.length === 0) return;
  const [{ next } = { next: 0 }] = await db
    .select({ next: sql<number>`coalesce(max(${conversationTags.position}) + 1, 0)::int` })
    .from(conversationTags)
    .where(eq(conversationTags.userId, userId));
  await db
    .insert(conversationTags)
    .values(missing.map((tag, i) => ({ userId, tag, position: next + i })))
    .onConflictDoNothing({ target: [conversationTags.userId, conversationTags.tag] });
}
