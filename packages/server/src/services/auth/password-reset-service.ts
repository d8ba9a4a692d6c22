import { PASSWORD_RESET_TTL_SECONDS } from '@parley/schema';
import { badRequest, forbidden } from '../../errors/app-error.ts';
import { passwordChangedMail, passwordResetMail } from '../mail/account-mails.ts';
import { findUserByEmail, findUserById, setPasswordHash } from '../users/user-service.ts';
import { consumeAccountToken, issueAccountToken } from './account-tokens.ts';
import type { AuthDeps } from './auth-deps.ts';
import { hashPassword } from './password.ts';
import { revokeAllSessions } from './refresh-sessions.ts';

export const RESET_REQUEST_ANSWER =
  'If an account with that email exists, a password reset link has been sent to it.';
export const INVALID_RESET_TOKEN = 'Invalid or expired password reset token';
export const RESET_SUCCESS = 'Password reset was successful';
export const RESET_NOT_ALLOWED = 'Password reset is not allowed.';

export function assertPasswordResetAllowed(config: AuthDeps['config']): void {
  if (!config.env.ALLOW_PASSWORD_RESET) throw forbidden(RESET_NOT_ALLOWED);
}

/**
 * Always the same answer. When e-mail is not configured, nobody could receive the link, so the
 * answer carries it instead and the page shows it directly.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: string,
): Promise<{ message: string; link?: string }> {
  assertPasswordResetAllowed(deps.config);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return { message: RESET_REQUEST_ANSWER };
  const token = await issueAccountToken(deps.db, user.id, 'reset_password', PASSWORD_RESET_TTL_SECONDS);
  const link = `${deps.config.clientDomain}/reset-password?token=${encodeURIComponent(token)}&userId=${encodeURIComponent(user.id)}`;
  if (!deps.mailer) return { message: RESET_REQUEST_ANSWER, link };
  try {
    await deps.mailer.send(passwordResetMail(deps.config.appTitle, user.email, user.name, link));
  } catch (err) {
    deps.logger.error({ err }, 'could not send the password reset mail');
  }
  return { message: RESET_REQUEST_ANSWER };
}

/** Sets the new password with a single-use token and signs the account out everywhere. */
export async function resetPassword(
  deps: AuthDeps,
  input: { userId: string; token: string; password: string },
): Promise<{ message: string }> {
  assertPasswordResetAllowed(deps.config);
  const user = await findUserById(deps.db, input.userId);
  if (!user || !(await consumeAccountToken(deps.db, user.id, 'reset_password', input.token))) {
    throw badRequest(INVALID_RESET_TOKEN);
  }
  await setPasswordHash(deps.db, user.id, await hashPassword(input.password));
  await revokeAllSessions(deps.db, user.id);
  if (deps.mailer) {
    await deps.mailer
      .send(passwordChangedMail(deps.config.appTitle, user.email, user.name))
      .catch((err: unknown) => deps.logger.error({ err }, 'could not send the password changed mail'));
  }
  return { message: RESET_SUCCESS };
}
