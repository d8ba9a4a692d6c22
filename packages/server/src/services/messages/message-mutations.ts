import type { ContentPart, Feedback, Message, MessageFeedbackResult } from '@parley/schema';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations, messages, type MessageRow } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { visibleConversation } from '../conversation-records/conversation-access.ts';
import { toMessage } from '../conversation-records/conversation-dto.ts';
import { countTokensOf } from '../context/token-count.ts';
import { partText, replaceContentPart, replaceMessageText, type MessageTextState } from './content-edit.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface MessageRef {
  conversationId: string;
  messageId: string;
}

/** Locks the user's message inside a visible conversation, or answers 404. */
async function lockMessage(tx: Tx, userId: string, ref: MessageRef, now: Date): Promise<MessageRow> {
  const [row] = await tx
    .select({ message: messages })
    .from(messages)
    .innerJoin(conversations, eq(conversations.conversationId, messages.conversationId))
    .where(
      and(
        eq(messages.messageId, ref.messageId),
        eq(messages.conversationId, ref.conversationId),
        eq(messages.userId, userId),
        visibleConversation(userId, ref.conversationId, now),
      ),
    )
    .for('update', { of: messages });
  if (!row) throw notFound('Message not found');
  return row.message;
}

const ownMessage = (userId: string, ref: MessageRef) =>
  and(
    eq(messages.messageId, ref.messageId),
    eq(messages.conversationId, ref.conversationId),
    eq(messages.userId, userId),
  );

/** A stored token count is kept in step with the edited text (it sizes later context windows). */
async function recountTokens(metadata: Record<string, unknown>, state: MessageTextState) {
  if (typeof metadata.tokenCount !== 'number') return metadata;
  const texts = state.content
    ? state.content.map((p: ContentPart) => partText(p, p.type === 'think' ? 'think' : 'text') ?? '')
    : [state.text];
  const [tokenCount] = await countTokensOf([texts.join('\n')]);
  return { ...metadata, tokenCount };
}

/**
 * Edits a message: without `index` its text (and first text part), with `index` the text or
 * think content part at that index. 404 when the message is not the user's; 400 for an index
 * that does not name an editable part.
 */
export async function updateMessageText(
  db: Database,
  userId: string,
  ref: MessageRef,
  edit: { text: string; index?: number },
  now = new Date(),
): Promise<Message> {
  return db.transaction(async (tx) => {
    const row = await lockMessage(tx, userId, ref, now);
    const before: MessageTextState = {
      text: row.text,
      content: (row.content as ContentPart[] | null) ?? null,
    };
    const after =
      edit.index === undefined
        ? replaceMessageText(before, edit.text)
        : replaceContentPart(before, edit.index, edit.text);
    const [updated] = await tx
      .update(messages)
      .set({
        text: after.text,
        content: after.content,
        metadata: await recountTokens(row.metadata, after),
        updatedAt: now,
      })
      .where(ownMessage(userId, ref))
      .returning();
    return toMessage(updated!);
  });
}

/** Sets (or with null removes) the user's rating of a message. */
export async function setMessageFeedback(
  db: Database,
  userId: string,
  ref: MessageRef,
  feedback: Feedback | null,
  now = new Date(),
): Promise<MessageFeedbackResult> {
  return db.transaction(async (tx) => {
    await lockMessage(tx, userId, ref, now);
    await tx
      .update(messages)
      .set({ feedback: feedback ?? null, updatedAt: now })
      .where(ownMessage(userId, ref));
    return { messageId: ref.messageId, conversationId: ref.conversationId, feedback };
  });
}
