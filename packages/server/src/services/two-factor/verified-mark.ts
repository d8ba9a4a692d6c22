import { TWO_FACTOR_VERIFIED_TTL_SECONDS } from '@parley/schema';
import { randomUUID } from 'node:crypto';
import type { Bus } from '../../bus/bus.ts';

/**
 * A code checked with POST /api/auth/2fa/verify leaves a mark for that sign-in session, on the
 * Bus so every instance sees it, for five minutes. LibreChat's client verifies a code and then
 * turns two-factor off (or mints backup codes) with a body-less call; the mark is what lets that
 * call through, once. A session is one refresh family: another device's session has no mark.
 */
const markKey = (userId: string, sessionId: string) => `2fa:verified:${userId}:${sessionId}`;

export async function markVerified(bus: Bus, userId: string, sessionId: string | undefined): Promise<void> {
  if (!sessionId) return;
  await bus.set(markKey(userId, sessionId), randomUUID(), TWO_FACTOR_VERIFIED_TTL_SECONDS * 1000);
}

/**
 * Takes the session's mark: true when it had one. Each mark is good once, also for two calls at
 * the same moment: whoever first claims its value (an atomic set-if-absent) gets it.
 */
export async function takeVerifiedMark(
  bus: Bus,
  userId: string,
  sessionId: string | undefined,
): Promise<boolean> {
  if (!sessionId) return false;
  const key = markKey(userId, sessionId);
  const mark = await bus.get(key);
  if (mark === null) return false;
  const ttlMs = TWO_FACTOR_VERIFIED_TTL_SECONDS * 1000;
  if (!(await bus.setIfAbsent(`${key}:taken:${mark}`, '1', ttlMs))) return false;
  await bus.del(key);
  return true;
}
