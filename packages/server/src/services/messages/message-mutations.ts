import type { ContentPart, Feedback, Message, MessageFeedbackResult } from '@parley/schema';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { toMessage } from '../conversation-records/conversation-dto.ts';
import { countTokensOf } from '../context/token-count.ts';
import { lockVisibleMessage } from './visible-message.ts';
import { partText, replaceContentPart, replaceMessageText, type MessageTextState } from './content-edit.ts';

export interface MessageRef {
  conversationId: string;
  messageId: string;
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
    const row = await lockVisibleMessage(tx, userId, ref, now);
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
    await lockVisibleMessage(tx, userId, ref, now);
    await tx
      .update(messages)
      .set({ feedback: feedback ?? null, updatedAt: now })
      .where(ownMessage(userId, ref));
    return { messageId: ref.messageId, conversationId: ref.conversationId, feedback };
  });
}
