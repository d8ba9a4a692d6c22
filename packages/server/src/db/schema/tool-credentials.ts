import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user's credential for a tool, one row per field the tool asks for (POST /api/user/plugins).
 * `value` is AES-256-GCM ciphertext under CREDS_KEY bound to user, tool and field, never plain.
 */
export const toolCredentials = pgTable(
  'tool_credentials',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pluginKey: text('plugin_key').notNull(),
    field: text('field').notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.pluginKey, t.field] })],
);
export type ToolCredentialRow = typeof toolCredentials.$inferSelect;
