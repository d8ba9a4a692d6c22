import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
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
  private readonly cache = new Map<string, { caller: ActiveCaller | null; until: number }>();

  constructor(private readonly db: Database) {}

  async activeCaller(
    userId: string,
    sessionId: string | undefined,
    now = Date.now(),
  ): Promise<ActiveCaller | null> {
    const key = `${userId}:${sessionId ?? ''}`;
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.caller;
    const caller = await this.lookup(userId, sessionId);
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(key, { caller, until: now + CACHE_MS });
    return caller;
  }

  /** Drops what this instance remembers of a user (after logout, ban, deletion). */
  forget(userId: string): void {
    for (const key of this.cache.keys()) if (key.startsWith(`${userId}:`)) this.cache.delete(key);
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
