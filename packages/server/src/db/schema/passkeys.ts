import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A person's passkeys (WebAuthn credentials). The public key and the signature counter are what
 * a sign-in is checked against; the credential id is unique across all accounts, so one
 * authenticator's key can never sign in to two accounts.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id the authenticator chose, base64url. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter at the last sign-in (0 when it keeps none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);
export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * Challenges the server handed out for a passkey ceremony. A response is accepted only against a
 * row still here: taking it deletes it (single use), rows expire, and a registration challenge
 * names the signed-in person it was issued to.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    /** The account a registration challenge belongs to; null for a sign-in. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
