import { TWO_FACTOR_MESSAGES as M, type TwoFactorVerifyTemp } from '@parley/schema';
import type { UserRow } from '../../db/schema/index.ts';
import { forbidden, unauthorized } from '../../errors/app-error.ts';
import type { AuthDeps } from '../auth/auth-deps.ts';
import { BANNED } from '../auth/login-service.ts';
import { isBanned } from '../users/public-user.ts';
import { findUserById } from '../users/user-service.ts';
import { checkSecondFactor, countAttempt, forgiveAttempt } from './two-factor-service.ts';

/** What login answers instead of a session when the account has two-factor on. */
export async function pendingTwoFactor(
  deps: AuthDeps,
  user: UserRow,
): Promise<{ twoFAPending: true; tempToken: string }> {
  return { twoFAPending: true, tempToken: await deps.twoFactorTokens.sign(user.id) };
}

const claimKey = (id: string) => `2fa-pending:${id}`;

/**
 * POST /api/auth/2fa/verify-temp: the second step of a sign-in. The tempToken is claimed in the
 * Bus while its code is checked, so one sign-in attempt yields at most one session even when the
 * step is sent twice at once; a wrong code releases it for another try (the rate limit counts
 * every wrong try against the account and the address).
 */
export async function completeTwoFactorSignIn(
  deps: AuthDeps,
  ip: string,
  input: TwoFactorVerifyTemp,
): Promise<UserRow> {
  const pending = await deps.twoFactorTokens.read(input.tempToken);
  if (!pending) throw unauthorized(M.invalidTempToken);
  const attempt = { ip, userId: pending.userId };
  await countAttempt(deps, attempt);
  const ttlMs = Math.max(1, pending.expiresAtMs - Date.now());
  if (!(await deps.bus.setIfAbsent(claimKey(pending.id), 'checking', ttlMs)))
    throw unauthorized(M.tempTokenUsed);
  try {
    const user = await findUserById(deps.db, pending.userId);
    if (!user || !user.twoFactorEnabled) throw unauthorized(M.invalidTempToken);
    if (isBanned(user)) throw forbidden(BANNED);
    const body = input.token !== undefined ? { token: input.token } : { backupCode: input.backupCode };
    if (!(await checkSecondFactor(deps, user, body, true))) {
      throw unauthorized(input.token !== undefined ? M.invalidCode : M.invalidBackupCode);
    }
    await deps.bus.set(claimKey(pending.id), 'used', ttlMs);
    await forgiveAttempt(deps, attempt);
    return user;
  } catch (err) {
    await deps.bus.del(claimKey(pending.id));
    throw err;
  }
}
