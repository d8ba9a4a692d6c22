import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  balanceReservations,
  balanceTransactions,
  balances,
  type BalanceReservationRow,
  type BalanceRow,
} from '../../db/schema/index.ts';
import type { BalanceSettings } from './balance-settings.ts';

/** A database or a transaction: every function here runs in either. */
export type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
type NewTransaction = typeof balanceTransactions.$inferInsert;

/** The caller's balance row, created with the start balance (and refill settings) on first use. */
export async function ensureBalance(db: Db, userId: string, settings: BalanceSettings): Promise<BalanceRow> {
  const [created] = await db
    .insert(balances)
    .values({
      userId,
      tokenCredits: settings.startBalance,
      autoRefillEnabled: settings.autoRefillEnabled,
      refillIntervalValue: settings.refillIntervalValue,
      refillIntervalUnit: settings.refillIntervalUnit,
      refillAmount: settings.refillAmount,
      lastRefill: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [row] = await db.select().from(balances).where(eq(balances.userId, userId));
  return row!;
}

/**
 * Adds the refill amount when the interval since the last refill has passed. The condition is in
 * the UPDATE, so concurrent requests refill once.
 */
export async function refillIfDue(db: Db, row: BalanceRow, due: Date, now = new Date()): Promise<BalanceRow> {
  if (!row.autoRefillEnabled || !row.refillAmount || !row.lastRefill || due > now) return row;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(balances)
      .set({
        tokenCredits: sql`${balances.tokenCredits} + ${row.refillAmount}`,
        lastRefill: now,
        updatedAt: now,
      })
      .where(and(eq(balances.userId, row.userId), eq(balances.lastRefill, row.lastRefill!)))
      .returning();
    if (!updated) return (await tx.select().from(balances).where(eq(balances.userId, row.userId)))[0]!;
    await tx
      .insert(balanceTransactions)
      .values({ userId: row.userId, tokenType: 'refill', tokenValue: row.refillAmount! });
    return updated;
  });
}

/**
 * Takes `amount` credits for an answer, if the balance holds them, and records the hold: one
 * transaction, so a crash leaves either both or neither. False when the balance is too low.
 */
export async function holdCredits(
  db: Db,
  hold: { userId: string; messageId: string; amount: number; promptTokens: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const taken = await tx
      .update(balances)
      .set({ tokenCredits: sql`${balances.tokenCredits} - ${hold.amount}`, updatedAt: new Date() })
      .where(and(eq(balances.userId, hold.userId), gte(balances.tokenCredits, hold.amount)))
      .returning({ userId: balances.userId });
    if (!taken.length) return false;
    await tx.insert(balanceReservations).values(hold);
    return true;
  });
}

/** Removes the hold of an answer, if it is still there; answers it (null when already settled). */
async function takeReservation(db: Db, messageId: string): Promise<BalanceReservationRow | null> {
  const [row] = await db
    .delete(balanceReservations)
    .where(eq(balanceReservations.messageId, messageId))
    .returning();
  return row ?? null;
}

/**
 * Settles an answer's hold against its real cost: the hold is released and the balance moved by
 * the difference. Runs in the transaction that saves the answer; a second settle of the same
 * answer finds no hold and changes nothing (null). The balance stops at zero when an answer cost
 * more than was held (a longer answer than reserved is not taken back). The charges themselves
 * are recorded by the usage meter, with the hold's id answered here.
 */
export async function settleCharges(
  tx: Db,
  messageId: string,
  charges: NewTransaction[],
): Promise<{ cost: number; holdId: string } | null> {
  const hold = await takeReservation(tx, messageId);
  if (!hold) return null;
  const cost = -charges.reduce((sum, c) => sum + c.tokenValue, 0);
  await tx
    .update(balances)
    .set({
      tokenCredits: sql`greatest(${balances.tokenCredits} + ${hold.amount - cost}, 0)`,
      updatedAt: new Date(),
    })
    .where(eq(balances.userId, hold.userId));
  return { cost, holdId: hold.id };
}

/** Takes a call's cost from the balance with no hold before it (titles, memory steps); stops at zero. */
export async function chargeWithoutHold(tx: Db, userId: string, cost: number): Promise<void> {
  await tx
    .update(balances)
    .set({ tokenCredits: sql`greatest(${balances.tokenCredits} - ${cost}, 0)`, updatedAt: new Date() })
    .where(eq(balances.userId, userId));
}

/** Gives an answer's whole hold back (nothing was saved to charge for); false when already settled. */
export async function refundHold(db: Db, messageId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const hold = await takeReservation(tx, messageId);
    if (!hold) return false;
    await tx
      .update(balances)
      .set({ tokenCredits: sql`${balances.tokenCredits} + ${hold.amount}`, updatedAt: new Date() })
      .where(eq(balances.userId, hold.userId));
    return true;
  });
}

/** The hold of an answer, if one is open. */
export async function findHold(db: Db, messageId: string): Promise<BalanceReservationRow | null> {
  const [row] = await db
    .select()
    .from(balanceReservations)
    .where(eq(balanceReservations.messageId, messageId));
  return row ?? null;
}

/** Holds older than `before` (their generation is gone: crash, or a lost settle). */
export async function staleHolds(db: Db, before: Date): Promise<BalanceReservationRow[]> {
  return db.select().from(balanceReservations).where(lte(balanceReservations.createdAt, before));
}

/** Spend by model since `since`, most first. */
export async function spendByModel(db: Db, userId: string, since: Date) {
  const credits = sql<number>`-sum(${balanceTransactions.tokenValue})`.mapWith(Number);
  return db
    .select({
      model: sql<string>`coalesce(${balanceTransactions.model}, '')`,
      endpoint: sql<string>`coalesce(${balanceTransactions.endpoint}, '')`,
      credits,
      promptTokens:
        sql<number>`coalesce(-sum(${balanceTransactions.rawAmount}) filter (where ${balanceTransactions.tokenType} in ('prompt', 'cache_read', 'cache_write')), 0)`.mapWith(
          Number,
        ),
      completionTokens:
        sql<number>`coalesce(-sum(${balanceTransactions.rawAmount}) filter (where ${balanceTransactions.tokenType} = 'completion'), 0)`.mapWith(
          Number,
        ),
      answers: sql<number>`count(distinct ${balanceTransactions.messageId})`.mapWith(Number),
    })
    .from(balanceTransactions)
    .where(
      and(
        eq(balanceTransactions.userId, userId),
        gte(balanceTransactions.createdAt, since),
        sql`${balanceTransactions.messageId} is not null`,
      ),
    )
    .groupBy(balanceTransactions.model, balanceTransactions.endpoint)
    .orderBy(desc(credits));
}

/** An administrator's change: `delta` added, or the balance set to `to`; recorded as an `admin` transaction. */
export async function adjustBalance(
  db: Db,
  userId: string,
  settings: BalanceSettings,
  change: { delta: number } | { to: number },
): Promise<number> {
  await ensureBalance(db, userId, settings);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(balances).where(eq(balances.userId, userId)).for('update');
    const next = 'to' in change ? change.to : Math.max(0, before!.tokenCredits + change.delta);
    await tx
      .update(balances)
      .set({ tokenCredits: next, updatedAt: new Date() })
      .where(eq(balances.userId, userId));
    await tx
      .insert(balanceTransactions)
      .values({ userId, tokenType: 'admin', tokenValue: next - before!.tokenCredits });
    return next;
  });
}
