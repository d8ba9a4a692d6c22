import {
  EMAIL_VERIFICATION_TTL_SECONDS,
  type ChangeEmailAnswer,
  type ChangeEmailPayload,
} from '@parley/schema';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isDuplicateKey } from '../../db/duplicate-key.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import { badRequest, conflict, unauthorized } from '../../errors/app-error.ts';
import { consumeAccountToken, issueAccountToken } from './account-tokens.ts';
import type { AuthDeps } from './auth-deps.ts';
import { emailChangeMail } from '../mail/account-mails.ts';
import { assertCurrentPassword } from './account-profile.ts';
import { normalizeEmail } from '../users/public-user.ts';
import { findUserById } from '../users/user-service.ts';

export const SAME_EMAIL = 'That is already the address of this account.';
export const EMAIL_TAKEN = 'This email is already used by another account.';
export const EMAIL_CHANGED = 'Email changed.';
/** The same answer whether or not the address is free, so the form cannot probe for accounts. */
export const EMAIL_LINK_SENT =
  'A confirmation link was sent to the new address. The account keeps its current address until it is opened.';

/**
 * `POST /api/user/email`. Without mail the address changes at once (as registration trusts it);
 * with mail it waits as `pending_email` until the link mailed to it is followed.
 */
export async function changeEmail(
  deps: AuthDeps,
  userId: string,
  input: ChangeEmailPayload,
): Promise<ChangeEmailAnswer> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized('User not found');
  await assertCurrentPassword(deps, user, input.currentPassword);
  const email = normalizeEmail(input.email);
  if (email === user.email) throw badRequest(SAME_EMAIL);
  const taken = await addressTaken(deps.db, email, user.id);
  if (!deps.mailer) {
    if (taken) throw conflict(EMAIL_TAKEN);
    await moveToAddress(deps.db, user.id, email, { emailVerified: true, emailProof: null });
    return { status: 'changed', message: EMAIL_CHANGED };
  }
  if (!taken) await sendChangeLink(deps, user, email);
  return { status: 'verification_sent', message: EMAIL_LINK_SENT };
}

async function sendChangeLink(deps: AuthDeps, user: UserRow, email: string): Promise<void> {
  await deps.db
    .update(users)
    .set({ pendingEmail: email, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  const token = await issueAccountToken(deps.db, user.id, 'change_email', EMAIL_VERIFICATION_TTL_SECONDS);
  const link = `${deps.config.clientDomain}/verify?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
  await deps.mailer!.send(emailChangeMail(deps.config.appTitle, email, user.name, link));
}

async function addressTaken(db: Database, email: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

/** Moves the account to the address; 409 when another account took it meanwhile (unique index). */
async function moveToAddress(
  db: Database,
  userId: string,
  email: string,
  proof: Pick<UserRow, 'emailVerified' | 'emailProof'>,
): Promise<void> {
  try {
    await db
      .update(users)
      .set({ email, pendingEmail: null, ...proof, updatedAt: new Date() })
      .where(eq(users.id, userId));
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

/**
 * The verification page's link for a new address: true when `email` was pending on an account and
 * the token was right; the account then holds the address, proven by mail.
 */
export async function confirmEmailChange(db: Database, email: string, token: string): Promise<boolean> {
  // Several accounts may have asked for the same address; the token says which one followed its link.
  const candidates = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.pendingEmail, normalizeEmail(email)))
    .limit(20);
  for (const { id } of candidates) {
    if (!(await consumeAccountToken(db, id, 'change_email', token))) continue;
    await moveToAddress(db, id, normalizeEmail(email), { emailVerified: true, emailProof: 'mail' });
    return true;
  }
  return false;
}
