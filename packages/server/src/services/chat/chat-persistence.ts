import { toStorable, type ContentPart } from '@parley/schema';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { placeholders, runBuiltOnce } from '../../db/built-once.ts';
import type { Database } from '../../db/client.ts';
import { conversations, messages, type ConversationRow, type MessageRow } from '../../db/schema/index.ts';
import { rowFromJson } from './row-from-json.ts';
import { isDuplicateKey } from '../../db/duplicate-key.ts';

/**
 * The chat pipeline's reads and writes: the conversation being answered, the branch sent
 * upstream, the user message saved before the upstream call, the answer saved in one transaction.
 * Every query filters by the caller's id.
 */

export type NewConversation = typeof conversations.$inferInsert;
type NewMessage = typeof messages.$inferInsert;

/** The fields of a message the pipeline needs to walk and replay a branch. */
export type BranchMessage = Pick<
  MessageRow,
  'messageId' | 'parentMessageId' | 'isCreatedByUser' | 'text' | 'content' | 'error' | 'files'
>;

/** Every message of the conversation, oldest first, in the few fields a branch walk needs. */
export async function loadBranchMessages(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<Map<string, BranchMessage>> {
  const rows = await db
    .select({
      messageId: messages.messageId,
      parentMessageId: messages.parentMessageId,
      isCreatedByUser: messages.isCreatedByUser,
      text: messages.text,
      content: messages.content,
      error: messages.error,
      files: messages.files,
    })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.userId, userId)))
    .orderBy(messages.createdAt, messages.messageId);
  return new Map(rows.map((r) => [r.messageId, r]));
}

export async function findMessage(
  db: Database,
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.messageId, messageId),
        eq(messages.conversationId, conversationId),
        eq(messages.userId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Saves the user message (complete, ids and timestamps included), with its conversation when it
 * is new: one statement either way (so atomic); nothing is read back, the row written is the row
 * answered. Null when the message's id is taken (a unique violation): nothing was written.
 */
export async function insertUserMessage(
  db: Database,
  message: MessageRow,
  newConversation: NewConversation | null,
): Promise<MessageRow | null> {
  const m = placeholders('m_', message);
  const c = newConversation ? placeholders('c_', newConversation) : null;
  const insertMessage = () => db.insert(messages).values(m.fields).getSQL();
  try {
    await runBuiltOnce(
      db,
      `user message ${m.shape} ${c?.shape ?? ''}`,
      () =>
        c
          ? // Both rows in one statement: the foreign key is checked at its end, when the conversation exists.
            sql`with ${sql.identifier('c')} as (${db.insert(conversations).values(c.fields).getSQL()}) ${insertMessage()}`
          : insertMessage(),
      { ...m.values, ...c?.values },
    );
    return message;
  } catch (error) {
    if (isDuplicateKey(error)) return null;
    throw error;
  }
}

/** Rewrites the request message's text and content (an `editedContent` re-ask). */
export async function updateRequestMessage(
  db: Database,
  userId: string,
  messageId: string,
  edit: { text: string; content: ContentPart[] | null },
): Promise<MessageRow> {
  const [row] = await db
    .update(messages)
    .set({ text: edit.text, content: edit.content, updatedAt: new Date() })
    .where(and(eq(messages.messageId, messageId), eq(messages.userId, userId)))
    .returning();
  return row!;
}

export interface SavedResponse {
  conversation: ConversationRow;
  response: MessageRow;
}

export interface ResponseToSave {
  userId: string;
  conversationId: string;
  /** Insert a new answer, or (continue) overwrite the one with this id. */
  message: NewMessage;
  mode: 'insert' | 'update';
  conversation: Partial<
    Pick<NewConversation, 'endpoint' | 'endpointType' | 'model' | 'expiredAt' | 'title'>
  > & {
    settings?: Record<string, unknown>;
  };
}

/**
 * Saves the answer and touches its conversation in ONE statement (so one transaction, and one
 * round trip): both writes are common table expressions of a query that answers the two rows.
 * Null (nothing written) when the conversation, or the answer being continued, was deleted
 * while the answer was generated.
 */
export async function saveResponse(db: Database, unsafe: ResponseToSave): Promise<SavedResponse | null> {
  // A provider's text may hold what the database refuses (a lone surrogate from a JSON escape).
  const save = toStorable(unsafe);
  const { settings, ...columns } = save.conversation;
  const set = placeholders('c_', columns);
  const row = placeholders('m_', save.message);
  const ids = { conversationId: sql.placeholder('conversationId'), userId: sql.placeholder('userId') };
  // A placeholder where Drizzle's update types expect a date; filled with the column's mapping.
  const now = sql.placeholder('now') as unknown as Date;
  const touched = (exists?: SQL) =>
    db
      .update(conversations)
      .set({
        ...set.fields,
        ...(settings
          ? { settings: sql`${conversations.settings} || ${sql.placeholder('settings')}::jsonb` }
          : {}),
        updatedAt: now,
      })
      .where(
        and(
          eq(conversations.conversationId, ids.conversationId),
          eq(conversations.userId, ids.userId),
          exists,
        ),
      )
      .returning();
  const c = sql.identifier('c');
  const m = sql.identifier('m');
  const answer = sql`select row_to_json(${c}) as conversation, row_to_json(${m}) as message from ${c} cross join ${m}`;
  const build = () =>
    save.mode === 'insert'
      ? // Without the conversation the insert fails on its foreign key: nothing is written.
        sql`with ${c} as (${touched().getSQL()}), ${m} as (${db.insert(messages).values(row.fields).returning().getSQL()}) ${answer}`
      : // The continued answer first: without it the conversation is left untouched too.
        sql`with ${m} as (${db
          .update(messages)
          .set({ ...row.fields, updatedAt: now })
          .where(and(eq(messages.messageId, sql.placeholder('messageId')), eq(messages.userId, ids.userId)))
          .returning()
          .getSQL()}), ${c} as (${touched(sql`exists (select 1 from ${m})`).getSQL()}) ${answer}`;
  try {
    const { rows } = (await runBuiltOnce(
      db,
      `answer ${save.mode} ${set.shape} ${settings ? 'settings' : ''} ${row.shape}`,
      build,
      {
        ...set.values,
        ...row.values,
        ...(settings ? { settings: JSON.stringify(settings) } : {}),
        now: new Date(),
        conversationId: save.conversationId,
        userId: save.userId,
        messageId: save.message.messageId,
      },
    )) as { rows: SavedRows[] };
    const saved = rows[0];
    if (!saved) return null;
    return {
      conversation: rowFromJson(conversations, saved.conversation),
      response: rowFromJson(messages, saved.message),
    };
  } catch (err) {
    if (isForeignKeyViolation(err)) return null;
    throw err;
  }
}

interface SavedRows {
  conversation: Record<string, unknown>;
  message: Record<string, unknown>;
}

/** PostgreSQL's foreign_key_violation (23503), as pg or PGlite report it through Drizzle. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

/**
 * Deletes error answers a new answer to the same question replaced (see `replacedErrorAnswers`):
 * only the caller's, only answers that are errors.
 */
export async function deleteReplacedErrorAnswers(
  db: Database,
  userId: string,
  conversationId: string,
  messageIds: string[],
): Promise<void> {
  if (messageIds.length === 0) return;
  await db
    .delete(messages)
    .where(
      and(
        inArray(messages.messageId, messageIds),
        eq(messages.conversationId, conversationId),
        eq(messages.userId, userId),
        eq(messages.isCreatedByUser, false),
        eq(messages.error, true),
      ),
    );
}
