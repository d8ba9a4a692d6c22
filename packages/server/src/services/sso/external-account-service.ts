import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { externalIdentities, users, type LinkReason, type UserRow } from '../../db/schema/index.ts';
import type { AuthDeps } from '../auth/auth-deps.ts';
import { isEmailDomainAllowed } from '../auth/register-service.ts';
import { isBanned } from '../users/public-user.ts';
import { createUser, findUserByEmail, findUserById } from '../users/user-service.ts';
import type { ExternalProfile } from './external-profile.ts';
import { clearLinkConflict, recordLinkConflict } from './link-conflicts.ts';
import { linkProof } from './link-proof.ts';
import { SsoError } from './sso-error.ts';

/** What the refused sign-in is told: the ways into the account that remain. */
export const ACCOUNT_NOT_LINKED =
  'An account with this e-mail address already exists, and nothing proves it is yours, so this ' +
  "sign-in was not linked to it. Sign in with that account's password, then link this sign-in " +
  'under Settings → Account → Linked sign-ins; or ask an administrator to link it.';

/**
 * The Parley account an external sign-in belongs to:
 * 1. the account already linked to this provider's subject;
 * 2. otherwise, with ALLOW_SOCIAL_REGISTRATION, the account holding the same address, linked now
 *    — only when the provider vouches for the address, or anyone could claim someone's account
 *    by typing their address at a provider that does not check it, and only when something
 *    proves that account's holder is this person (link-proof.ts); without a proof the sign-in is
 *    refused and recorded for administrators, never turned into a second account;
 * 3. otherwise, with ALLOW_SOCIAL_REGISTRATION, a new account (the provider's address, verified
 *    and proven as the provider says).
 * `typedPassword` is the password the person typed in this sign-in (the directory login), which
 * links an account whose password it is.
 */
export async function resolveExternalAccount(
  deps: AuthDeps,
  profile: ExternalProfile,
  typedPassword?: string,
): Promise<UserRow> {
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
  const email = profile.email;
  if (!email) throw new SsoError('email_missing', 'The provider did not share an e-mail address.');
  if (!profile.emailVerified) {
    throw new SsoError('email_not_verified', 'The provider has not verified this e-mail address.');
  }
  const existing = await findUserByEmail(deps.db, email);
  if (existing) return linkExisting(deps, existing, { ...profile, email }, typedPassword);
  if (!isEmailDomainAllowed(email, deps.config.yaml.registration?.allowedDomains)) {
    throw new SsoError('domain_not_allowed', 'Registration is not allowed for this e-mail domain.');
  }
  const created = await createUser(deps.db, {
    name: profile.name ?? profile.username ?? email.split('@')[0]!,
    username: profile.username ?? null,
    email,
    passwordHash: null,
    emailVerified: true,
    emailProof: 'provider',
  });
  if (!created) {
    // Taken meanwhile (a parallel sign-in, or a registration): the same rules as for any holder.
    const holder = await findUserByEmail(deps.db, email);
    if (!holder) throw new Error('the account could neither be created nor found');
    return linkExisting(deps, holder, { ...profile, email }, typedPassword);
  }
  await deps.db
    .update(users)
    .set({ provider: profile.provider, avatar: profile.avatar ?? null })
    .where(eq(users.id, created.id));
  await linkIdentity(deps.db, created.id, profile, 'sign-up');
  return { ...created, provider: profile.provider, avatar: profile.avatar ?? null };
}

/** Links the sign-in to the account holding its address when a proof allows; refuses otherwise. */
async function linkExisting(
  deps: AuthDeps,
  existing: UserRow,
  profile: ExternalProfile & { email: string },
  typedPassword: string | undefined,
): Promise<UserRow> {
  assertNotBanned(existing);
  const reason = await linkProof(existing, typedPassword);
  if (!reason) {
    await recordLinkConflict(deps.db, existing.id, profile);
    deps.logger.warn(
      { userId: existing.id, provider: profile.provider },
      'external sign-in not linked: nothing proves the account holding its address is the same person',
    );
    throw new SsoError('account_not_linked', ACCOUNT_NOT_LINKED);
  }
  await linkIdentity(deps.db, existing.id, profile, reason);
  await clearLinkConflict(deps.db, profile.provider, profile.subject);
  return existing;
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

/** Records that `profile`'s identity enters `userId`'s account, and why; a link already there stays. */
export async function linkIdentity(
  db: Database,
  userId: string,
  profile: ExternalProfile,
  linkedBy: LinkReason,
): Promise<void> {
  await db
    .insert(externalIdentities)
    .values({
      userId,
      provider: profile.provider,
      subject: profile.subject,
      email: profile.email ?? null,
      emailVerified: profile.emailVerified,
      linkedBy,
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
