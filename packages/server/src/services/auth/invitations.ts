import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invitations } from '../../db/schema/index.ts';
import { normalizeEmail } from '../users/public-user.ts';
import { hashToken, randomToken } from './tokens.ts';

/** How long an invitation stays valid unless the administrator asks otherwise: one week. */
export const INVITATION_TTL_DAYS = 7;
/** The longest validity an administrator may give an invitation. */
export const INVITATION_MAX_TTL_DAYS = 90;

/**
 * Creates an invitation for one address and returns its token (shown once, never stored in
 * clear). Earlier invitations of the same address stop working: only the newest link counts.
 */
export async function createInvitation(
  db: Database,
  input: { email: string; ttlDays?: number; invitedBy?: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const email = normalizeEmail(input.email);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + (input.ttlDays ?? INVITATION_TTL_DAYS) * 86_400_000);
  await db.transaction(async (tx) => {
    await tx.delete(invitations).where(eq(invitations.email, email));
    await tx
      .insert(invitations)
      .values({ email, tokenHash: hashToken(token), invitedBy: input.invitedBy ?? null, expiresAt });
  });
  return { token, expiresAt };
}

/**
 * Uses up the invitation `token` for `email`: true when it was valid (right address, not expired,
 * not used). The delete is the check, so two registrations with one token cannot both pass.
 */
export async function consumeInvitation(db: Database, email: string, token: string): Promise<boolean> {
  const used = await db
    .delete(invitations)
    .where(
      and(
        eq(invitations.tokenHash, hashToken(token)),
        eq(invitations.email, normalizeEmail(email)),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .returning({ id: invitations.id });
  return used.length > 0;
}

/** Deletes expired invitations (periodic job). */
export async function purgeExpiredInvitations(db: Database, now = new Date()): Promise<number> {
  const rows = await db
    .delete(invitations)
    .where(lte(invitations.expiresAt, now))
    .returning({ id: invitations.id });
  return rows.length;
}
