import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { conversations } from '../db/schema/index.ts';
import { recountTagsOfDeleted } from '../services/tags/tag-counts.ts';

/** Conversations deleted per statement, so a large backlog never holds one long lock. */
const BATCH_SIZE = 500;

/**
 * Deletes the temporary chats whose `expiredAt` has passed, with their messages (through the
 * foreign key's cascade). Returns how many conversations were deleted. Each batch recounts, in
 * its own transaction, the bookmarks its chats carried (a saved chat turns temporary when a
 * follow-up is sent as a temporary chat, so it may be tagged). Safe to run on several instances
 * at once: a row deleted by one is simply not found by the other.
 */
export async function expireTemporaryChats(db: Database, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const due = db
      .select({ id: conversations.conversationId })
      .from(conversations)
      .where(and(isNotNull(conversations.expiredAt), lte(conversations.expiredAt, now)))
      .limit(BATCH_SIZE);
    const deleted = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(conversations)
        .where(inArray(conversations.conversationId, due))
        .returning({ userId: conversations.userId, tags: conversations.tags });
      await recountTagsOfDeleted(tx, rows);
      return rows.length;
    });
    total += deleted;
    if (deleted < BATCH_SIZE) return total;
  }
}
