import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userTokens } from '../../db/schema/index.ts';
import { hashToken, randomToken } from './tokens.ts';

export type AccountTokenKind = 'reset_password' | 'verify_email' | 'change_email';

/**
 * Issues a single-use token mailed to the user (reset, verification). Earlier tokens of the same
 * kind stop working: only the newest link is valid.
 */
export async function issueAccountToken(
  db: Database,
  userId: string,
  kind: AccountTokenKind,
  ttlSeconds: number,
): Promise<string> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind)));
    await tx.insert(userTokens).values({
      userId,
      kind,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    });
  });
  return token;
}

/**
 * Uses up a token: true when it was valid. The delete is the check, so two requests with the
 * same token cannot both succeed.
 */
export async function consumeAccountToken(
  db: Database,
  userId: string,
  kind: AccountTokenKind,
  token: string,
): Promise<boolean> {
  const now = new Date();
  const used = await db
    .delete(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.kind, kind),
        eq(userTokens.tokenHash, hashToken(token)),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ id: userTokens.id });
  // Expired tokens of this user are garbage now; drop them while we are here.
  await db.delete(userTokens).where(and(eq(userTokens.userId, userId), lte(userTokens.expiresAt, now)));
  return used.length > 0;
}

/** Deletes expired mail tokens of every user (periodic job). */
export async function purgeExpiredAccountTokens(db: Database, now = new Date()): Promise<number> {
  const rows = await db
    .delete(userTokens)
    .where(lte(userTokens.expiresAt, now))
    .returning({ id: userTokens.id });
  return rows.length;
}
