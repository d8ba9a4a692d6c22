import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One memory of one user: unique by key per user. */
export const memories = pgTable(
  'memories',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    /** Tokens of the value, counted when it was written. */
    tokenCount: integer('token_count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('memories_user_updated_idx').on(t.userId, t.updatedAt),
  ],
);
export type MemoryRow = typeof memories.$inferSelect;

/** A user's memory preference; no row means the default (memories used). */
export const memoryPreferences = pgTable('memory_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Whether memories are added to this user's chats (the personalization switch). */
  useMemories: boolean('use_memories').notNull(),
});
