import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { conversations } from '../db/schema/index.ts';

/** Conversations deleted per statement, so a large backlog never holds one long lock. */
const BATCH_SIZE = 500;

/**
 * Deletes the temporary chats whose `expiredAt` has passed, with their messages (through the
 * foreign key's cascade). Returns how many conversations were deleted. Safe to run on several
 * instances at once: a row deleted by one is simply not found by the other.
 */
export async function expireTemporaryChats(db: Database, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const due = db
      .select({ id: conversations.conversationId })
      .from(conversations)
      .where(and(isNotNull(conversations.expiredAt), lte(conversations.expiredAt, now)))
      .limit(BATCH_SIZE);
    const deleted = await db
      .delete(conversations)
      .where(inArray(conversations.conversationId, due))
      .returning({ id: conversations.conversationId });
    total += deleted.length;
    if (deleted.length < BATCH_SIZE) return total;
  }
}
