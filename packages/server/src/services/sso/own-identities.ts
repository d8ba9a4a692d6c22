import type { LinkedIdentities } from '@parley/schema';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { externalIdentities } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors/app-error.ts';
import { findUserById } from '../users/user-service.ts';

export const LAST_SIGN_IN_METHOD =
  'This sign-in is the only way into your account: set a password or link another sign-in first.';

/** The caller's linked external sign-ins, oldest first, and whether a password also opens the account. */
export async function listOwnIdentities(db: Database, userId: string): Promise<LinkedIdentities> {
  const user = await findUserById(db, userId);
  const rows = await db
    .select()
    .from(externalIdentities)
    .where(eq(externalIdentities.userId, userId))
    .orderBy(asc(externalIdentities.createdAt));
  return {
    hasPassword: Boolean(user?.passwordHash),
    identities: rows.map((r) => ({
      id: r.id,
      provider: r.provider,
      email: r.email,
      linkedAt: r.createdAt.toISOString(),
      lastLoginAt: r.lastLoginAt.toISOString(),
    })),
  };
}

/**
 * Removes one of the caller's own linked sign-ins (another account's id is not found). Refused
 * when it is the account's last way in: no password and no other linked sign-in.
 */
export async function unlinkOwnIdentity(db: Database, userId: string, identityId: string): Promise<void> {
  const { identities, hasPassword } = await listOwnIdentities(db, userId);
  if (!identities.some((i) => i.id === identityId)) throw notFound('Linked sign-in not found');
  if (!hasPassword && identities.length === 1) throw new AppError('last_sign_in_method', LAST_SIGN_IN_METHOD);
  await db
    .delete(externalIdentities)
    .where(and(eq(externalIdentities.id, identityId), eq(externalIdentities.userId, userId)));
}
