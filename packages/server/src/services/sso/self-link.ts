import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { externalIdentities } from '../../db/schema/index.ts';
import { linkIdentity } from './external-account-service.ts';
import type { ExternalProfile } from './external-profile.ts';
import { clearLinkConflict } from './link-conflicts.ts';
import { SsoError } from './sso-error.ts';

export const IDENTITY_LINKED_ELSEWHERE =
  'This sign-in already belongs to another Parley account, so it was not linked to yours. Sign in ' +
  'with it to reach that account, or ask an administrator.';

/**
 * Links an external identity to the account of the person who is signed in and asked for it on
 * the account page (the way out of an `account_not_linked` refusal): being signed in to the
 * account is the proof that it is theirs, the provider's answer the proof of the identity. An
 * identity that already enters another account stays there — moving it would hand that account's
 * way in to whoever can sign in at the provider. Linking settles the identity's recorded refusals.
 */
export async function linkToSignedInAccount(
  db: Database,
  userId: string,
  profile: ExternalProfile,
): Promise<void> {
  await linkIdentity(db, userId, profile, 'self');
  // Read back rather than trust the insert: a parallel sign-in may have linked it first.
  const [row] = await db
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(
      and(eq(externalIdentities.provider, profile.provider), eq(externalIdentities.subject, profile.subject)),
    )
    .limit(1);
  if (row?.userId !== userId) throw new SsoError('identity_linked_elsewhere', IDENTITY_LINKED_ELSEWHERE);
  await clearLinkConflict(db, profile.provider, profile.subject);
}
