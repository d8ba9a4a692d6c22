import { randomUUID } from 'node:crypto';
import {
  CONVERSATION_TITLE_MAX,
  NO_PARENT,
  type DuplicateConversationBody,
  type ForkConversationBody,
  type ForkResult,
} from '@parley/schema';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations, messages, type ConversationRow, type MessageRow } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors/app-error.ts';
import { visibleConversation } from '../conversation-records/conversation-access.ts';
import { toConversation, toMessage } from '../conversation-records/conversation-dto.ts';
import { parentFirstOrder } from '../messages/parent-first-order.ts';
import { selectForkMessages, type ForkSelection } from './fork-selection.ts';

/** Rows per INSERT when copying messages. */
const INSERT_BATCH = 500;

async function loadSource(db: Database, userId: string, conversationId: string) {
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(visibleConversation(userId, conversationId, new Date()))
    .limit(1);
  if (!conversation) throw notFound('Conversation not found');
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.userId, userId)))
    .orderBy(asc(messages.createdAt), asc(messages.messageId));
  return { conversation, rows };
}

/**
 * Writes a new conversation holding copies of `rows` (the selected ones) with new ids and
 * parent links remapped, in one transaction. A copy is always a saved chat: never temporary,
 * never archived, without bookmarks.
 */
async function writeCopy(
  db: Database,
  source: ConversationRow,
  rows: MessageRow[],
  selection: ForkSelection,
  title: string,
): Promise<ForkResult> {
  const conversationId = randomUUID();
  const newIds = new Map(
    rows.filter((r) => selection.ids.has(r.messageId)).map((r) => [r.messageId, randomUUID()]),
  );
  const copies = parentFirstOrder(rows.filter((r) => newIds.has(r.messageId))).map((r) => ({
    ...r,
    messageId: newIds.get(r.messageId)!,
    conversationId,
    parentMessageId: selection.newRoots.has(r.messageId)
      ? NO_PARENT
      : (newIds.get(r.parentMessageId) ?? NO_PARENT),
  }));
  const now = new Date();
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({
        conversationId,
        userId: source.userId,
        title,
        endpoint: source.endpoint,
        endpointType: source.endpointType,
        model: source.model,
        settings: source.settings,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const saved: MessageRow[] = [];
    for (let i = 0; i < copies.length; i += INSERT_BATCH) {
      saved.push(
        ...(await tx
          .insert(messages)
          .values(copies.slice(i, i + INSERT_BATCH))
          .returning()),
      );
    }
    return { conversation: toConversation(conversation!), messages: parentFirstOrder(saved).map(toMessage) };
  });
}

/** POST /api/convos/fork: a new conversation from part of the tree (see fork-selection). */
export async function forkConversation(
  db: Database,
  userId: string,
  body: ForkConversationBody,
): Promise<ForkResult> {
  const { conversation, rows } = await loadSource(db, userId, body.conversationId);
  const selection = selectForkMessages(rows, {
    targetId: body.messageId,
    option: body.option,
    splitAtTarget: body.splitAtTarget,
    latestMessageId: body.latestMessageId,
  });
  if (!selection) throw badRequest('messageId is not a message of this conversation');
  return writeCopy(db, conversation, rows, selection, conversation.title);
}

/** POST /api/convos/duplicate: a full copy of the conversation with every branch. */
export async function duplicateConversation(
  db: Database,
  userId: string,
  body: DuplicateConversationBody,
): Promise<ForkResult> {
  const { conversation, rows } = await loadSource(db, userId, body.conversationId);
  const everything: ForkSelection = {
    ids: new Set(rows.map((r) => r.messageId)),
    newRoots: new Set(),
  };
  const title = body.title ?? `${conversation.title} (copy)`.slice(0, CONVERSATION_TITLE_MAX);
  return writeCopy(db, conversation, rows, everything, title);
}
