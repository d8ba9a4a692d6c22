import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { conversations } from './conversations.ts';
import { users } from './users.ts';

/**
 * A public link to a snapshot of a conversation. `messages` holds the messages as they
 * were when the link was created or last refreshed, so later messages never leak into it.
 * One link per conversation.
 */
export const sharedLinks = pgTable(
  'shared_links',
  {
    /** Random and unguessable; a refresh replaces it. */
    shareId: text('share_id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.conversationId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    messages: jsonb('messages').$type<Record<string, unknown>[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shared_links_conversation_idx').on(t.conversationId),
    index('shared_links_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.shareId.desc().nullsFirst(),
    ),
  ],
);
export type SharedLinkRow = typeof sharedLinks.$inferSelect;
