import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    name: text('name').notNull(),
    username: text('username'),
    /** Stored lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /**
     * What proves that the account's holder owns its address, for linking an external sign-in
     * by address (see services/sso/link-proof.ts): `mail` (the verification link was followed),
     * `admin` (an administrator created or invited the account for that address), `provider`
     * (an external sign-in that vouched for the address created it); null when nothing does — a
     * self-registered account on an instance without mail, or one older than this column.
     * `emailVerified` alone cannot say: without mail every account counts as verified.
     */
    emailProof: text('email_proof').$type<EmailProof>(),
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    provider: text('provider').notNull().default('local'),
    role: text('role').notNull().default('USER'),
    /** Banned until this instant; null when not banned. */
    bannedUntil: timestamp('banned_until', { withTimezone: true, mode: 'date' }),
    /** Why an administrator banned the account (shown in the console); null when not said. */
    banReason: text('ban_reason'),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** TOTP secret encrypted with CREDS_KEY. */
    totpSecret: text('totp_secret'),
    /**
     * The last TOTP time step accepted for a sign-in or a disable: a code is good once, so a
     * code seen over someone's shoulder cannot be replayed within its 90-second window.
     */
    totpLastStep: integer('totp_last_step'),
    /** Hashed backup codes with their used flags. */
    backupCodes: jsonb('backup_codes').$type<{ codeHash: string; used: boolean; usedAt: string | null }[]>(),
    plugins: jsonb('plugins').$type<string[]>().notNull().default([]),
    /** The interface language chosen on the account, so a new browser opens in it; null: the browser's. */
    language: text('language'),
    /** The answer-figures switch; null: the default (shown only when balances are on). */
    showAnswerFigures: boolean('show_answer_figures'),
    /**
     * A new address asked for on the account page while mail is on: it replaces `email` only once
     * the link mailed to it is followed, so nobody can move an account to an address they do not hold.
     */
    pendingEmail: text('pending_email'),
    /** The last sign-in or session refresh: what the console calls "last active". */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
    // The console's users list pages by (sort column, id) and searches by prefix: each is an index.
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    index('users_name_id_idx').on(t.name, t.id),
    // Never-active accounts sort by their creation (users-list.ts orders by the same expression).
    index('users_last_active_id_idx').on(sql`coalesce(${t.lastActiveAt}, ${t.createdAt})`, t.id),
    index('users_email_prefix_idx').on(t.email.op('text_pattern_ops')),
    index('users_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('users_role_idx').on(t.role),
  ],
);
export type UserRow = typeof users.$inferSelect;
export type EmailProof = 'mail' | 'admin' | 'provider';
