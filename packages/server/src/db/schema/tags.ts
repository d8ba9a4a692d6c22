import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A bookmark (conversation tag) of a user. Conversations carry tag names in their
 * `tags` array; `count` is how many of the user's conversations carry this one.
 */
export const conversationTags = pgTable(
  'conversation_tags',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    count: integer('count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversation_tags_user_tag_idx').on(t.userId, t.tag),
    index('conversation_tags_user_position_idx').on(t.userId, t.position),
  ],
);
export type ConversationTagRow = typeof conversationTags.$inferSelect;
