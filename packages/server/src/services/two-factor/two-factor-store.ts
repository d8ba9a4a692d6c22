import type { BackupCodeState } from '@parley/schema';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The account's two-factor columns; every write names the account in its WHERE clause. */

/** Stores a new, not yet confirmed setup (replacing an earlier unconfirmed one); false when 2FA is on. */
export async function saveTwoFactorSetup(
  db: Database,
  userId: string,
  encryptedSecret: string,
  backupCodes: BackupCodeState[],
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: encryptedSecret, backupCodes, totpLastStep: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, false)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Turns two-factor on for the setup the code was checked against; false when the setup changed meanwhile. */
export async function enableTwoFactor(
  db: Database,
  userId: string,
  encryptedSecret: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorEnabled: true, updatedAt: new Date() })
    .where(
      and(eq(users.id, userId), eq(users.totpSecret, encryptedSecret), eq(users.twoFactorEnabled, false)),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function clearTwoFactor(db: Database, userId: string): Promise<void> {
  await db
    .update(users)
    .set({
      twoFactorEnabled: false,
      totpSecret: null,
      backupCodes: null,
      totpLastStep: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

export async function replaceBackupCodes(
  db: Database,
  userId: string,
  backupCodes: BackupCodeState[],
): Promise<void> {
  await db.update(users).set({ backupCodes, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Records that a TOTP step was used. One conditional UPDATE, so of two concurrent requests with
 * the same code only one gets true, on either database.
 */
export async function claimTotpStep(db: Database, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Marks the backup code at `index` used, if it still is unused: the row is locked while it is
 * read and written, so a code cannot be spent twice by concurrent requests.
 */
export async function spendBackupCode(
  db: Database,
  userId: string,
  pick: (codes: readonly BackupCodeState[]) => number,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ backupCodes: users.backupCodes })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const codes = row?.backupCodes ?? [];
    const index = pick(codes);
    if (index < 0) return false;
    const next = codes.map((c, i) => (i === index ? { ...c, used: true, usedAt: now.toISOString() } : c));
    await tx
      .update(users)
      .set({ backupCodes: next, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return true;
  });
}
