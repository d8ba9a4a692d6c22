import { memoryAttachmentsOf, type MemoryAttachment } from '@parley/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';

/** Names one answer of one user: every read and write here filters by all three. */
export interface AnswerRef {
  userId: string;
  conversationId: string;
  messageId: string;
}

/**
 * Saves what the memory step did on the answer it followed, as the answer's `attachments`, so a
 * reload shows the notice again. One statement that merges into the stored metadata: a feedback
 * or an edit saved meanwhile is kept, and so are the files the answer's tools made (appended to
 * the answer's `attachments`, not replacing them).
 */
export async function saveMemoryAttachments(
  db: Database,
  answer: AnswerRef,
  attachments: readonly MemoryAttachment[],
): Promise<void> {
  await db
    .update(messages)
    .set({
      metadata: sql`jsonb_set(${messages.metadata}, '{attachments}', (case when jsonb_typeof(${messages.metadata} -> 'attachments') = 'array' then ${messages.metadata} -> 'attachments' else '[]'::jsonb end) || ${JSON.stringify(attachments)}::jsonb)`,
    })
    .where(whereAnswer(answer));
}

/** The memory attachments saved on an answer; null when the user has no such answer. */
export async function readMemoryAttachments(
  db: Database,
  answer: AnswerRef,
): Promise<MemoryAttachment[] | null> {
  const [row] = await db
    .select({ metadata: messages.metadata })
    .from(messages)
    .where(and(whereAnswer(answer), eq(messages.isCreatedByUser, false)))
    .limit(1);
  return row ? memoryAttachmentsOf(row.metadata.attachments) : null;
}

function whereAnswer({ userId, conversationId, messageId }: AnswerRef) {
  return and(
    eq(messages.userId, userId),
    eq(messages.conversationId, conversationId),
    eq(messages.messageId, messageId),
  );
}
