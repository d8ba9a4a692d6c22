import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A tool run the user started from a message (e.g. running a code block), kept so the message
 * shows its results again after a reload.
 */
export const toolCalls = pgTable(
  'tool_calls',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id').notNull(),
    messageId: text('message_id').notNull(),
    toolId: text('tool_id').notNull(),
    partIndex: integer('part_index').notNull().default(0),
    blockIndex: integer('block_index').notNull().default(0),
    result: jsonb('result').$type<unknown>(),
    attachments: jsonb('attachments').$type<unknown[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('tool_calls_user_conversation_idx').on(t.userId, t.conversationId, t.createdAt)],
);
export type ToolCallRow = typeof toolCalls.$inferSelect;
