import { randomUUID } from 'node:crypto';
import { REFRESH_REUSE_GRACE_SECONDS } from '@parley/schema';
import { and, eq, isNull, lte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { hashToken, randomToken, successorToken } from './tokens.ts';

/**
 * Refresh tokens: opaque, stored only as SHA-256 hashes, rotated on every use. A family is one
 * sign-in; its id is the access token's `sid`.
 */
export interface RefreshSessionOptions {
  /** HMAC key for deriving successors (the refresh secret). */
  secret: string;
  /** Lifetime of each token in milliseconds, counted from its issue. */
  ttlMs: number;
  graceSeconds?: number;
}

export interface IssuedRefresh {
  token: string;
  familyId: string;
  userId: string;
  expiresAt: Date;
}

export type RotationResult =
  { ok: true; refresh: IssuedRefresh } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/** Starts a new family for a fresh sign-in. */
export async function createRefreshSession(
  db: Database,
  opts: RefreshSessionOptions,
  userId: string,
  userAgent?: string,
): Promise<IssuedRefresh> {
  const token = randomToken();
  const familyId = randomUUID();
  const expiresAt = new Date(Date.now() + opts.ttlMs);
  await db.insert(sessions).values({
    userId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt,
    userAgent: userAgent?.slice(0, 512) ?? null,
  });
  return { token, familyId, userId, expiresAt };
}

/**
 * Exchanges a refresh token for its successor. The presented row is locked, so concurrent
 * refreshes with the same token serialise: the first rotates, the others (inside the grace
 * window) receive the very same successor. A rotated token presented after the window is taken
 * as stolen and the whole family is revoked.
 */
export async function rotateRefreshSession(
  db: Database,
  opts: RefreshSessionOptions,
  token: string,
  now = new Date(),
): Promise<RotationResult> {
  const graceMs = (opts.graceSeconds ?? REFRESH_REUSE_GRACE_SECONDS) * 1000;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
      .for('update')
      .limit(1);
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' } as const;

    const next = successorToken(opts.secret, token);
    if (row.rotatedAt) {
      if (now.getTime() - row.rotatedAt.getTime() > graceMs) {
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.familyId, row.familyId), isNull(sessions.revokedAt)));
        return { ok: false, reason: 'reused' } as const;
      }
      const [successor] = await tx
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(next)))
        .limit(1);
      if (!successor || successor.revokedAt) return { ok: false, reason: 'revoked' } as const;
      return { ok: true, refresh: issued(next, successor) } as const;
    }

    await tx.update(sessions).set({ rotatedAt: now }).where(eq(sessions.id, row.id));
    const [successor] = await tx
      .insert(sessions)
      .values({
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: hashToken(next),
        expiresAt: new Date(now.getTime() + opts.ttlMs),
        userAgent: row.userAgent,
      })
      .returning();
    return { ok: true, refresh: issued(next, successor!) } as const;
  });
}

function issued(token: string, row: typeof sessions.$inferSelect): IssuedRefresh {
  return { token, familyId: row.familyId, userId: row.userId, expiresAt: row.expiresAt };
}

/** The family a refresh token belongs to, whatever its state (for logout). */
export async function familyOfToken(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  return row?.familyId ?? null;
}

/** Revokes one sign-in. Scoped to the user so nobody can end another user's session. */
export async function revokeFamily(db: Database, userId: string | null, familyId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.familyId, familyId),
        userId ? eq(sessions.userId, userId) : undefined,
        isNull(sessions.revokedAt),
      ),
    );
}

/** Signs the user out everywhere (password reset, ban). */
export async function revokeAllSessions(db: Database, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Signs the user out everywhere but the sign-in `keepFamilyId` (a password changed on the account page). */
export async function revokeOtherSessions(
  db: Database,
  userId: string,
  keepFamilyId: string | undefined,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepFamilyId ? ne(sessions.familyId, keepFamilyId) : undefined,
      ),
    );
}

/**
 * Deletes refresh tokens past their expiry: they can only ever answer 401, and every refresh
 * adds a row. Meant for a periodic job; safe on several instances at once.
 */
export async function purgeExpiredSessions(db: Database, now = new Date()): Promise<number> {
  const rows = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
  return rows.length;
}
