import { EMAIL_VERIFICATION_TTL_SECONDS } from '@parley/schema';
import type { UserRow } from '../../db/schema/index.ts';
import { badRequest } from '../../errors/app-error.ts';
import { verificationMail } from '../mail/account-mails.ts';
import { confirmEmailChange } from './email-change.ts';
import { findUserByEmail, markEmailVerified } from '../users/user-service.ts';
import { consumeAccountToken, issueAccountToken } from './account-tokens.ts';
import type { AuthDeps } from './auth-deps.ts';

export const VERIFY_SUCCESS = 'Email verification was successful';
export const ALREADY_VERIFIED = 'Email already verified';
export const INVALID_VERIFY_TOKEN = 'Invalid or expired email verification token';
export const RESEND_ANSWER =
  'If an account with that email exists and is not verified yet, a verification email has been sent to it.';

/** Mails a fresh `${clientDomain}/verify?token=…&email=…` link, which opens the web app's verification page. */
export async function sendVerificationMail(
  deps: AuthDeps,
  user: Pick<UserRow, 'id' | 'email' | 'name'>,
  ttlSeconds = EMAIL_VERIFICATION_TTL_SECONDS,
): Promise<void> {
  if (!deps.mailer) return;
  const token = await issueAccountToken(deps.db, user.id, 'verify_email', ttlSeconds);
  const link = `${deps.config.clientDomain}/verify?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  await deps.mailer.send(verificationMail(deps.config.appTitle, user.email, user.name, link));
}

export async function verifyEmail(
  deps: AuthDeps,
  input: { email: string; token: string },
): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) {
    // No account holds the address yet: the link may be one the account page sent to a new address.
    if (await confirmEmailChange(deps.db, input.email, input.token)) return { message: VERIFY_SUCCESS };
    throw badRequest(INVALID_VERIFY_TOKEN);
  }
  if (user.emailVerified) return { message: ALREADY_VERIFIED };
  if (!(await consumeAccountToken(deps.db, user.id, 'verify_email', input.token))) {
    throw badRequest(INVALID_VERIFY_TOKEN);
  }
  await markEmailVerified(deps.db, user.id);
  return { message: VERIFY_SUCCESS };
}

/** Sends a new link to an unverified account; the answer never says whether one exists. */
export async function resendVerification(deps: AuthDeps, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.emailVerified) {
    await sendVerificationMail(deps, user).catch((err: unknown) => {
      deps.logger.error({ err }, 'could not send the verification mail');
    });
  }
  return { message: RESEND_ANSWER };
}
