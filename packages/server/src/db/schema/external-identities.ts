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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('external_identities_provider_subject_unique').on(t.provider, t.subject),
    index('external_identities_user_idx').on(t.userId),
  ],
);
export type ExternalIdentityRow = typeof externalIdentities.$inferSelect;
