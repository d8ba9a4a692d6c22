import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';

/** Sets a generated title, unless the user renamed the conversation meanwhile. */
export async function saveGeneratedTitle(
  db: Database,
  userId: string,
  conversationId: string,
  title: string,
  untitled: string,
): Promise<boolean> {
  const rows = await db
    .update(conversations)
    .set({ title })
    .where(
      and(
        eq(conversations.conversationId, conversationId),
        eq(conversations.userId, userId),
        eq(conversations.title, untitled),
      ),
    )
    .returning({ id: conversations.conversationId });
  return rows.length > 0;
}
