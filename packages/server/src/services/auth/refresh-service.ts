import { touchLastActive } from '../users/last-active.ts';
import { forbidden } from '../../errors/app-error.ts';
import { isBanned, toPublicUser } from '../users/public-user.ts';
import { findUserById } from '../users/user-service.ts';
import type { AuthDeps } from './auth-deps.ts';
import { BANNED, refreshOptions, type SignIn } from './login-service.ts';
import { familyOfToken, revokeFamily, rotateRefreshSession } from './refresh-sessions.ts';

export const INVALID_REFRESH = 'Invalid refresh token';

/**
 * Exchanges the refresh cookie for a new access token and the rotated refresh token. An invalid,
 * expired or revoked token (or a deleted or banned account) is a 403, as in the API the spec
 * describes: a client retries a 401 once, but takes a 403 from refresh as "signed out". The route
 * answers a missing cookie itself and clears the cookie on failure.
 */
export async function refreshSignIn(deps: AuthDeps, presented: string): Promise<SignIn> {
  const rotation = await rotateRefreshSession(deps.db, refreshOptions(deps), presented);
  if (!rotation.ok) {
    if (rotation.reason === 'reused') {
      deps.logger.warn('a rotated refresh token was presented again: its session was revoked');
    }
    throw forbidden(INVALID_REFRESH);
  }
  const { refresh } = rotation;
  const user = await findUserById(deps.db, refresh.userId);
  if (!user) throw forbidden(INVALID_REFRESH);
  if (isBanned(user)) {
    await revokeFamily(deps.db, user.id, refresh.familyId);
    throw forbidden(BANNED);
  }
  await touchLastActive(deps.db, user.id);
  const token = await deps.accessTokens.sign({ sub: user.id, role: user.role, sid: refresh.familyId });
  return { user: toPublicUser(user), token, refresh };
}

/** Ends the sign-in of the refresh cookie and of the access token's session, if any. */
export async function signOut(
  deps: AuthDeps,
  input: { refreshToken?: string; userId?: string; sessionId?: string },
): Promise<void> {
  if (input.refreshToken) {
    const familyId = await familyOfToken(deps.db, input.refreshToken);
    if (familyId) await revokeFamily(deps.db, null, familyId);
  }
  if (input.userId && input.sessionId) await revokeFamily(deps.db, input.userId, input.sessionId);
}
