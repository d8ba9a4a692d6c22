import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user's own credentials for an endpoint, one per endpoint name.
 * `value` is AES-256-GCM ciphertext under CREDS_KEY (services/keys/key-cipher.ts), never plain.
 */
export const userKeys = pgTable(
  'user_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    /** Null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] }), index('user_keys_expires_idx').on(t.expiresAt)],
);
export type UserKeyRow = typeof userKeys.$inferSelect;
