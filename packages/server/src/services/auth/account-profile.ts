import type { ChangePasswordPayload, UpdateProfilePayload } from '@parley/schema';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import { badRequest, unauthorized } from '../../errors/app-error.ts';
import type { AuthDeps } from './auth-deps.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { revokeOtherSessions } from './refresh-sessions.ts';
import { passwordChangedOnAccountMail } from '../mail/account-mails.ts';
import { findUserById } from '../users/user-service.ts';

export const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';
export const NO_PASSWORD =
  'This account signs in through an external provider and has no password here; use "Forgot password" on the sign-in page to set one.';
export const PASSWORD_CHANGED = 'Password changed. Every other session was signed out.';

/** `PATCH /api/user`: the fields given change, the rest stay; an empty username clears it. */
export async function updateProfile(
  db: Database,
  userId: string,
  input: UpdateProfilePayload,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.username !== undefined ? { username: input.username || null } : {}),
      ...(input.language !== undefined ? { language: input.language } : {}),
      ...(input.showAnswerFigures !== undefined ? { showAnswerFigures: input.showAnswerFigures } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw unauthorized('User not found');
  return row;
}

/**
 * Proves the caller holds the account: its current password. Wrong guesses count against the
 * sign-in limit of the account, so a stolen session cannot be used to find the password.
 */
export async function assertCurrentPassword(
  deps: AuthDeps,
  user: UserRow,
  password: string | undefined,
): Promise<void> {
  if (!user.passwordHash) throw badRequest(NO_PASSWORD);
  await deps.limiter.hit(deps.limits.login, [`account-password:${user.id}`]);
  if (!password || !(await verifyPassword(user.passwordHash, password)))
    throw badRequest(WRONG_CURRENT_PASSWORD);
}

/**
 * `POST /api/user/password`: the current password, then the new one. Every other sign-in ends
 * (someone who learnt the old password is out); the one that asked stays signed in.
 */
export async function changePassword(
  deps: AuthDeps,
  caller: { id: string; sessionId?: string },
  input: ChangePasswordPayload,
): Promise<{ message: string }> {
  const user = await findUserById(deps.db, caller.id);
  if (!user) throw unauthorized('User not found');
  await assertCurrentPassword(deps, user, input.currentPassword);
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await revokeOtherSessions(deps.db, user.id, caller.sessionId);
  if (deps.mailer) {
    await deps.mailer
      .send(passwordChangedOnAccountMail(deps.config.appTitle, user.email, user.name))
      .catch((err: unknown) => deps.logger.error({ err }, 'could not send the password-changed mail'));
  }
  return { message: PASSWORD_CHANGED };
}
