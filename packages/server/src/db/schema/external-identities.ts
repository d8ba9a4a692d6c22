import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An account at an external identity provider (OpenID Connect, a social login, SAML, LDAP, a
 * wallet) that signs in as one Parley user. The provider's stable subject identifies it, never the
 * e-mail: addresses change and some providers let users claim any address.
 */
export const externalIdentities = pgTable(
  'external_identities',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** openid, google, github, discord, facebook, apple, saml, ldap or wallet. */
    provider: text('provider').notNull(),
    /** The provider's stable id of the person (OIDC `sub`, SAML NameID, LDAP DN, address). */
    subject: text('subject').notNull(),
    /** The address the provider gave at the last sign-in, and whether it vouched for it. */
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /**
     * Why this sign-in may enter the account: `sign-up` (the sign-in created the account),
     * `address` (the account's address was proven, see users.email_proof), `password` (the person
     * typed the account's password in the same sign-in), `self` (the account's holder, signed in to
     * it, linked the sign-in from the account page), `admin` (an administrator linked it);
     * null for links made before linking asked for a proof (the `list-unproven-links` report).
     */
    linkedBy: text('linked_by').$type<LinkReason>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('external_identities_provider_subject_unique').on(t.provider, t.subject),
    index('external_identities_user_idx').on(t.userId),
  ],
);
export type ExternalIdentityRow = typeof externalIdentities.$inferSelect;
export type LinkReason = 'sign-up' | 'address' | 'password' | 'self' | 'admin';

/**
 * An external sign-in refused because its verified address belongs to a local account that
 * nothing proves is the same person's (see services/sso/link-proof.ts). Kept, one row per
 * provider subject, so an administrator can review it and link it (admin CLI `link-conflicts`,
 * `link-identity`); it goes away once the identity is linked, or with the account.
 */
export const externalLinkConflicts = pgTable(
  'external_link_conflicts',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    /** The local account holding the address. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('external_link_conflicts_provider_subject_unique').on(t.provider, t.subject)],
);
export type ExternalLinkConflictRow = typeof externalLinkConflicts.$inferSelect;
