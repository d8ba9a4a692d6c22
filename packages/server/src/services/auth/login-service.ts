import type { User } from '@parley/schema';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError, forbidden, unauthorized } from '../../errors/app-error.ts';
import { isBanned, toPublicUser } from '../users/public-user.ts';
import { findUserByEmail } from '../users/user-service.ts';
import { touchLastActive } from '../users/last-active.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { AuthDeps } from './auth-deps.ts';
import { verifyPassword } from './password.ts';
import { createRefreshSession, type IssuedRefresh } from './refresh-sessions.ts';

export const BAD_CREDENTIALS = 'Email or password is incorrect.';
export const EMAIL_LOGIN_DISABLED = 'Email login is not allowed.';
export const BANNED = 'Your account has been banned. Contact your administrator.';
export const UNVERIFIED = 'Email not verified. Check your inbox for the verification link.';

/** A completed sign-in: the answer body plus the refresh token the route puts in the cookie. */
export interface SignIn {
  user: User;
  token: string;
  refresh: IssuedRefresh;
}

export function assertEmailLoginAllowed(config: AuthDeps['config']): void {
  if (!config.env.ALLOW_EMAIL_LOGIN) throw forbidden(EMAIL_LOGIN_DISABLED);
}

/**
 * Checks email and password and the account's state (the login page tells a banned account, 403, from an
 * unverified one, 422). Returns the account; the caller decides what follows (a session now, or a
 * two-factor step when that is enabled for the account).
 */
export async function checkCredentials(
  deps: AuthDeps,
  input: { email: string; password: string },
): Promise<UserRow> {
  assertEmailLoginAllowed(deps.config);
  const user = await findUserByEmail(deps.db, input.email);
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
    throw unauthorized(BAD_CREDENTIALS);
  }
  if (isBanned(user)) throw forbidden(BANNED);
  if (requiresVerification(deps.config) && !user.emailVerified) {
    throw new AppError('email_not_verified', UNVERIFIED);
  }
  return user;
}

export function requiresVerification(config: AuthDeps['config']): boolean {
  return config.emailEnabled && !config.env.ALLOW_UNVERIFIED_EMAIL_LOGIN;
}

/**
 * Starts a refresh family and signs the access token bound to it. Every way of signing in ends
 * here, so this is where the account is marked active and an administrator's sign-in is audited
 * (with the address it came from, `ip`).
 */
export async function startSignIn(
  deps: AuthDeps,
  user: UserRow,
  userAgent?: string,
  ip?: string,
): Promise<SignIn> {
  const refresh = await createRefreshSession(deps.db, refreshOptions(deps), user.id, userAgent);
  await touchLastActive(deps.db, user.id);
  if (user.role === 'ADMIN') {
    await recordAudit(
      deps.db,
      { id: user.id, email: user.email, ip: ip ?? null },
      {
        action: 'admin.sign_in',
        details: { provider: user.provider, userAgent: userAgent?.slice(0, 200) ?? null },
      },
    );
  }
  const token = await deps.accessTokens.sign({ sub: user.id, role: user.role, sid: refresh.familyId });
  return { user: toPublicUser(user), token, refresh };
}

export function refreshOptions(deps: AuthDeps) {
  return { secret: deps.config.secrets.jwtRefreshSecret, ttlMs: deps.config.env.REFRESH_TOKEN_EXPIRY };
}
