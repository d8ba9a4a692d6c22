import type { FailedModel } from '@parley/schema';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { conversations } from './conversations.ts';
import { users } from './users.ts';

/** One message of a conversation's tree; `parentMessageId` links it to its parent. */
export const messages = pgTable(
  'messages',
  {
    messageId: text('message_id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.conversationId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** NO_PARENT (the all-zero UUID) for a first message. */
    parentMessageId: text('parent_message_id').notNull(),
    sender: text('sender').notNull(),
    isCreatedByUser: boolean('is_created_by_user').notNull(),
    text: text('text').notNull().default(''),
    /** Content parts (text, think, tool_call, image_file, …) as the stream protocol shapes them. */
    content: jsonb('content').$type<Record<string, unknown>[]>(),
    endpoint: text('endpoint'),
    model: text('model'),
    error: boolean('error').notNull().default(false),
    unfinished: boolean('unfinished').notNull().default(false),
    finishReason: text('finish_reason'),
    feedback: jsonb('feedback').$type<{ rating: string; tag?: string; text?: string }>(),
    files: jsonb('files').$type<Record<string, unknown>[]>(),
    /** Everything else the client or provider attached (iconURL, tokenCount, clientTimestamp, …). */
    /** An answer a fallback model gave: the models that failed before it, and why (FailedModel[]). */
    fallbackFrom: jsonb('fallback_from').$type<FailedModel[]>(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt, t.messageId),
    // NULLS FIRST matches a plain `order by … desc` (the default), so the index serves the sorted list.
    index('messages_user_updated_idx').on(
      t.userId,
      t.updatedAt.desc().nullsFirst(),
      t.messageId.desc().nullsFirst(),
    ),
    index('messages_parent_idx').on(t.parentMessageId),
    // Typo-tolerant search (`words <% text`, pg_trgm's word similarity; services/search/fuzzy-text.ts).
    index('messages_text_trgm_idx').using('gin', t.text.op('gin_trgm_ops')),
  ],
);
export type MessageRow = typeof messages.$inferSelect;
