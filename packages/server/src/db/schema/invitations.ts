import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Invitations an administrator created (`npm run admin -- invite`): a token, stored hashed, that
 * lets one person register with one address even while registration is closed. Deleting the row
 * is what uses it up, so a token works once.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    /** The normalised address the invitation is for; registration with another one is refused. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** Who invited, when the invitation came from a signed-in administrator; null from the CLI. */
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('invitations_email_idx').on(t.email)],
);
