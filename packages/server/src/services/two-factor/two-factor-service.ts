import {
  TWO_FACTOR_MESSAGES as M,
  signsInWithPassword,
  type BackupCodesAnswer,
  type TwoFactorActionBody,
  type TwoFactorCodeBody,
  type TwoFactorEnableAnswer,
} from '@parley/schema';
import type { UserRow } from '../../db/schema/index.ts';
import type { AppError } from '../../errors/app-error.ts';
import { badRequest, unauthorized } from '../../errors/app-error.ts';
import type { AuthDeps } from '../auth/auth-deps.ts';
import { decryptSecret, encryptSecret } from '../keys/key-cipher.ts';
import { findUserById } from '../users/user-service.ts';
import { findUnusedBackupCode, newBackupCodes } from './backup-codes.ts';
import { matchTotp, newTotpSecret, totpUri } from './totp.ts';
import { markVerified, takeVerifiedMark } from './verified-mark.ts';
import {
  claimTotpStep,
  clearTwoFactor,
  enableTwoFactor,
  replaceBackupCodes,
  saveTwoFactorSetup,
  spendBackupCode,
} from './two-factor-store.ts';

export const LOCAL_ONLY = '2FA is only available for accounts that sign in with a password.';

/** Who is checking a code, for the rate limit: the account and the client's address. */
export interface Attempt {
  userId: string;
  ip: string;
  /** The sign-in session of the access token, for the verified mark (see verified-mark.ts). */
  sessionId?: string;
}

const secretContext = (userId: string) => `totp:${userId}`;

async function requireUser(deps: AuthDeps, userId: string): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized('User not found');
  return user;
}

const attemptKeys = (attempt: Attempt) => [`ip:${attempt.ip}`, `user:${attempt.userId}`];

/** Counts a code check before it runs, so concurrent guesses all count (see forgiveAttempt). */
export async function countAttempt(deps: AuthDeps, attempt: Attempt): Promise<void> {
  await deps.limiter.hit(deps.limits.twoFactor, attemptKeys(attempt));
}

/**
 * Takes back the count of a check that passed: the limit is there against guessing, so only
 * wrong codes use it up — someone enabling two-factor, signing in and minting backup codes in
 * one sitting must not be locked out by their own right answers.
 */
export async function forgiveAttempt(deps: AuthDeps, attempt: Attempt): Promise<void> {
  await deps.limiter.refund(deps.limits.twoFactor, attemptKeys(attempt));
}

/**
 * Checks a 6-digit code or a backup code against the account. With `spend`, a code is good
 * once: the TOTP step is recorded (a replay inside its window fails) and a backup code is
 * marked used — both atomically, so concurrent requests with one code get one success.
 */
export async function checkSecondFactor(
  deps: AuthDeps,
  user: UserRow,
  input: TwoFactorCodeBody,
  spend: boolean,
): Promise<boolean> {
  const { credsKey } = deps.config.secrets;
  if (input.token !== undefined) {
    if (!user.totpSecret) return false;
    const secret = decryptSecret(user.totpSecret, credsKey, secretContext(user.id));
    const step = await matchTotp(secret, input.token, spend ? user.totpLastStep : null);
    if (step === null) return false;
    return spend ? claimTotpStep(deps.db, user.id, step) : true;
  }
  if (input.backupCode === undefined) return false;
  const pick = (codes: Parameters<typeof findUnusedBackupCode>[0]) =>
    findUnusedBackupCode(codes, input.backupCode!, user.id, credsKey);
  if (!spend) return pick(user.backupCodes ?? []) >= 0;
  return spendBackupCode(deps.db, user.id, pick);
}

function wrongCode(input: TwoFactorCodeBody): AppError {
  return badRequest(input.token !== undefined ? M.invalidCode : M.invalidBackupCode);
}

/** GET /api/auth/2fa/enable: a new secret and backup codes, waiting for confirmation. */
export async function startTwoFactorSetup(deps: AuthDeps, userId: string): Promise<TwoFactorEnableAnswer> {
  const user = await requireUser(deps, userId);
  if (!signsInWithPassword(user)) throw badRequest(LOCAL_ONLY);
  if (user.twoFactorEnabled) throw badRequest(M.alreadyEnabled);
  const secret = await newTotpSecret();
  const { codes, stored } = newBackupCodes(user.id, deps.config.secrets.credsKey);
  const encrypted = encryptSecret(secret, deps.config.secrets.credsKey, secretContext(user.id));
  if (!(await saveTwoFactorSetup(deps.db, user.id, encrypted, stored))) throw badRequest(M.alreadyEnabled);
  return { otpauthUrl: await totpUri(secret, user.email, deps.config.appTitle), backupCodes: codes };
}

/** POST /api/auth/2fa/verify: checks a code against the setup (or the enabled factor) without spending it. */
export async function verifyTwoFactorCode(
  deps: AuthDeps,
  attempt: Attempt,
  input: TwoFactorCodeBody,
): Promise<{ message: string }> {
  await countAttempt(deps, attempt);
  const user = await requireUser(deps, attempt.userId);
  if (!user.totpSecret) throw badRequest(M.noSetup);
  if (!(await checkSecondFactor(deps, user, input, false))) throw wrongCode(input);
  await forgiveAttempt(deps, attempt);
  if (user.twoFactorEnabled) await markVerified(deps.bus, user.id, attempt.sessionId);
  return { message: '2FA code verified.' };
}

/** POST /api/auth/2fa/confirm: the code that proves the authenticator app works turns 2FA on. */
export async function confirmTwoFactor(
  deps: AuthDeps,
  attempt: Attempt,
  token: string,
): Promise<{ message: string }> {
  await countAttempt(deps, attempt);
  const user = await requireUser(deps, attempt.userId);
  if (user.twoFactorEnabled) throw badRequest(M.alreadyEnabled);
  if (!user.totpSecret) throw badRequest(M.noSetup);
  if (!(await checkSecondFactor(deps, user, { token }, false))) throw badRequest(M.invalidCode);
  await forgiveAttempt(deps, attempt);
  if (!(await enableTwoFactor(deps.db, user.id, user.totpSecret))) throw badRequest(M.noSetup);
  return { message: '2FA has been enabled.' };
}

async function requireEnabledAndSpend(
  deps: AuthDeps,
  attempt: Attempt,
  input: TwoFactorActionBody,
): Promise<UserRow> {
  if (input.token === undefined && input.backupCode === undefined) return requireVerifiedMark(deps, attempt);
  await countAttempt(deps, attempt);
  const user = await requireUser(deps, attempt.userId);
  if (!user.twoFactorEnabled) throw badRequest(M.notEnabled);
  if (!(await checkSecondFactor(deps, user, input, true))) throw wrongCode(input);
  await forgiveAttempt(deps, attempt);
  return user;
}

/** No code sent: the session must have verified one within five minutes (verified-mark.ts). */
async function requireVerifiedMark(deps: AuthDeps, attempt: Attempt): Promise<UserRow> {
  const user = await requireUser(deps, attempt.userId);
  if (!user.twoFactorEnabled) throw badRequest(M.notEnabled);
  if (!(await takeVerifiedMark(deps.bus, user.id, attempt.sessionId))) throw badRequest(M.verifyFirst);
  return user;
}

/** POST /api/auth/2fa/disable: a code or a backup code (spent), or a verified mark, turns 2FA off and forgets the secret. */
export async function disableTwoFactor(
  deps: AuthDeps,
  attempt: Attempt,
  input: TwoFactorActionBody,
): Promise<{ message: string }> {
  const user = await requireEnabledAndSpend(deps, attempt, input);
  await clearTwoFactor(deps.db, user.id);
  return { message: '2FA has been disabled.' };
}

/**
 * POST /api/auth/2fa/backup/regenerate: ten new codes replace the old ones. It asks for a code
 * too, so a stolen session alone cannot mint codes that would pass the second factor.
 */
export async function regenerateBackupCodes(
  deps: AuthDeps,
  attempt: Attempt,
  input: TwoFactorActionBody,
): Promise<BackupCodesAnswer> {
  const user = await requireEnabledAndSpend(deps, attempt, input);
  const { codes, stored } = newBackupCodes(user.id, deps.config.secrets.credsKey);
  await replaceBackupCodes(deps.db, user.id, stored);
  return { message: 'Backup codes regenerated.', backupCodes: codes, backupCodesHash: stored };
}
