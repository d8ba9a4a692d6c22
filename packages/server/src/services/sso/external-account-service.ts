import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { externalIdentities, users, type UserRow } from '../../db/schema/index.ts';
import type { AuthDeps } from '../auth/auth-deps.ts';
import { isEmailDomainAllowed } from '../auth/register-service.ts';
import { isBanned } from '../users/public-user.ts';
import { createUser, findUserByEmail, findUserById } from '../users/user-service.ts';
import type { ExternalProfile } from './external-profile.ts';
import { SsoError } from './sso-error.ts';

/**
 * The Parley account an external sign-in belongs to:
 * 1. the account already linked to this provider's subject;
 * 2. otherwise, with ALLOW_SOCIAL_REGISTRATION, the account holding the same address, linked now
 *    — only when the provider vouches for the address, or anyone could claim someone's account
 *    by typing their address at a provider that does not check it;
 * 3. otherwise, with ALLOW_SOCIAL_REGISTRATION, a new account (the provider's address, verified
 *    as the provider says).
 */
export async function resolveExternalAccount(deps: AuthDeps, profile: ExternalProfile): Promise<UserRow> {
  const linked = await findLinkedUser(deps.db, profile);
  if (linked) {
    assertNotBanned(linked);
    await touchIdentity(deps.db, profile);
    return linked;
  }
  if (!deps.config.env.ALLOW_SOCIAL_REGISTRATION) {
    throw new SsoError(
      'registration_disabled',
      'No account is linked to this sign-in and registration is closed.',
    );
  }
  if (!profile.email) throw new SsoError('email_missing', 'The provider did not share an e-mail address.');
  if (!profile.emailVerified) {
    throw new SsoError('email_not_verified', 'The provider has not verified this e-mail address.');
  }
  const existing = await findUserByEmail(deps.db, profile.email);
  if (existing) {
    assertNotBanned(existing);
    await linkIdentity(deps.db, existing.id, profile);
    return existing;
  }
  if (!isEmailDomainAllowed(profile.email, deps.config.yaml.registration?.allowedDomains)) {
    throw new SsoError('domain_not_allowed', 'Registration is not allowed for this e-mail domain.');
  }
  const created =
    (await createUser(deps.db, {
      name: profile.name ?? profile.username ?? profile.email.split('@')[0]!,
      username: profile.username ?? null,
      email: profile.email,
      passwordHash: null,
      emailVerified: true,
    })) ?? (await findUserByEmail(deps.db, profile.email)); // created meanwhile by a parallel sign-in
  if (!created) throw new Error('the account could neither be created nor found');
  await deps.db
    .update(users)
    .set({ provider: profile.provider, avatar: profile.avatar ?? null })
    .where(eq(users.id, created.id));
  await linkIdentity(deps.db, created.id, profile);
  return { ...created, provider: profile.provider, avatar: profile.avatar ?? null };
}

function assertNotBanned(user: UserRow): void {
  if (isBanned(user)) throw new SsoError('account_banned', 'This account has been banned.');
}

async function findLinkedUser(db: Database, profile: ExternalProfile): Promise<UserRow | null> {
  const [row] = await db
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(
      and(eq(externalIdentities.provider, profile.provider), eq(externalIdentities.subject, profile.subject)),
    )
    .limit(1);
  return row ? findUserById(db, row.userId) : null;
}

async function linkIdentity(db: Database, userId: string, profile: ExternalProfile): Promise<void> {
  await db
    .insert(externalIdentities)
    .values({
      userId,
      provider: profile.provider,
      subject: profile.subject,
      email: profile.email ?? null,
      emailVerified: profile.emailVerified,
    })
    .onConflictDoNothing();
}

async function touchIdentity(db: Database, profile: ExternalProfile): Promise<void> {
  await db
    .update(externalIdentities)
    .set({ lastLoginAt: new Date(), email: profile.email ?? null, emailVerified: profile.emailVerified })
    .where(
      and(eq(externalIdentities.provider, profile.provider), eq(externalIdentities.subject, profile.subject)),
    );
}
