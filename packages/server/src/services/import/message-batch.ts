import { sql, type SQL } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';

/** One imported message, ready for the database (ids mapped, text cleaned). */
export interface MessageRowInput {
  messageId: string;
  conversationId: string;
  parentMessageId: string;
  sender: string;
  isCreatedByUser: boolean;
  text: string;
  /** Content parts as JSON text, or null. */
  contentJson: string | null;
  endpoint: string | null;
  model: string | null;
  error: boolean;
  unfinished: boolean;
  finishReason: string | null;
  /** Creation (and update) time as an ISO string. */
  at: string;
}

/** The columns written, in the order of the arrays handed to `unnest`, with their array types. */
const COLUMNS = [
  ['messageId', 'text'],
  ['conversationId', 'text'],
  ['parentMessageId', 'text'],
  ['sender', 'text'],
  ['isCreatedByUser', 'boolean'],
  ['text', 'text'],
  ['contentJson', 'text'],
  ['endpoint', 'text'],
  ['model', 'text'],
  ['error', 'boolean'],
  ['unfinished', 'boolean'],
  ['finishReason', 'text'],
  ['at', 'timestamptz'],
] as const satisfies readonly (readonly [keyof MessageRowInput, string])[];

type ColumnArrays = { [K in keyof MessageRowInput]: MessageRowInput[K][] };

const column = (name: keyof typeof messages._.columns) => sql.identifier(messages[name].name);

/**
 * Messages gathered column by column and written with one INSERT … SELECT FROM unnest(…) of 14
 * parameters, however many rows. A multi-row VALUES list built by the query builder costs about
 * 15 parameters and a dozen short-lived objects per row on the server's thread (the import's
 * largest allocation by far, most of it living long enough to reach the old generation); arrays
 * cost one value per field and the statement's text never changes.
 */
export class MessageBatch {
  private columns: ColumnArrays = MessageBatch.empty();

  private static empty(): ColumnArrays {
    return Object.fromEntries(COLUMNS.map(([key]) => [key, []])) as unknown as ColumnArrays;
  }

  get size(): number {
    return this.columns.messageId.length;
  }

  /** The conversations the gathered messages belong to, in order. */
  conversationIds(): string[] {
    return [...new Set(this.columns.conversationId)];
  }

  add(row: MessageRowInput): void {
    for (const [key] of COLUMNS) (this.columns[key] as unknown[]).push(row[key]);
  }

  clear(): void {
    this.columns = MessageBatch.empty();
  }

  /** The INSERT of every gathered message for `userId`; the batch is emptied. */
  take(userId: string): SQL {
    const arrays = this.columns;
    this.clear();
    const unnested = sql.join(
      COLUMNS.map(([key, type]) => sql`${sql.param(arrays[key])}::${sql.raw(type)}[]`),
      sql`, `,
    );
    return sql`insert into ${messages} (${column('messageId')}, ${column('conversationId')}, ${column('userId')},
        ${column('parentMessageId')}, ${column('sender')}, ${column('isCreatedByUser')}, ${column('text')},
        ${column('content')}, ${column('endpoint')}, ${column('model')}, ${column('error')},
        ${column('unfinished')}, ${column('finishReason')}, ${column('createdAt')}, ${column('updatedAt')})
      select m.message_id, m.conversation_id, ${userId}, m.parent_message_id, m.sender, m.is_created_by_user,
        m.text, m.content::jsonb, m.endpoint, m.model, m.error, m.unfinished, m.finish_reason, m.at, m.at
      from unnest(${unnested}) as m(message_id, conversation_id, parent_message_id, sender,
        is_created_by_user, text, content, endpoint, model, error, unfinished, finish_reason, at)`;
  }
}
