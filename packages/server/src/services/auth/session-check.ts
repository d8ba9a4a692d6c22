import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { ShortLivedCache } from '../cache/short-lived-cache.ts';
import { isBanned } from '../users/public-user.ts';

export interface ActiveCaller {
  id: string;
  /** The role as stored now, so a changed role applies without a new token. */
  role: string;
}

/** How long one answer is reused: a logout, ban or password reset takes effect within this. */
const CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Access tokens are stateless JWTs; this check makes them end with their session. A token whose
 * user is gone or banned, or whose sign-in (refresh family) was revoked, is refused. Answers are
 * cached briefly per instance so the check costs one query per caller every few seconds.
 */
export class SessionCheck {
  private readonly cache = new ShortLivedCache<ActiveCaller | null>(CACHE_MS, MAX_ENTRIES);

  constructor(private readonly db: Database) {}

  activeCaller(
    userId: string,
    sessionId: string | undefined,
    now = Date.now(),
  ): Promise<ActiveCaller | null> {
    return this.cache.get(`${userId}:${sessionId ?? ''}`, () => this.lookup(userId, sessionId), now);
  }

  /** Drops what this instance remembers of a user (after logout, ban, deletion). */
  forget(userId: string): void {
    this.cache.forgetPrefix(`${userId}:`);
  }

  private async lookup(userId: string, sessionId: string | undefined): Promise<ActiveCaller | null> {
    const [user] = await this.db
      .select({ id: users.id, role: users.role, bannedUntil: users.bannedUntil })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user || isBanned(user)) return null;
    if (sessionId) {
      const [live] = await this.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            eq(sessions.familyId, sessionId),
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        )
        .limit(1);
      if (!live) return null;
    }
    return { id: user.id, role: user.role };
  }
}
