import type { BudgetPeriod } from '@parley/schema';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { budgetHolds, budgetSpend } from '../../db/schema/index.ts';
import type { Db } from './balance-store.ts';
import { periodStart } from './usage-day.ts';

export type BudgetUnit = 'tokens' | 'currency';

/** The counter of one subject (`user:<id>`, `key:<id>`) in one unit and period. */
export interface Counter {
  subject: string;
  unit: BudgetUnit;
  period: BudgetPeriod;
  periodStart: string;
}

export const userSubject = (userId: string) => `user:${userId}`;
export const keySubject = (keyId: string) => `key:${keyId}`;

/**
 * Creates a counter the first time a budget is checked in a period, starting from what the
 * roll-up already holds for the period (a budget set mid-month counts the month's earlier use).
 * A counter that exists is left as it is.
 */
export async function ensureCounter(db: Db, c: Counter): Promise<void> {
  const [kind, id] = [
    c.subject.slice(0, c.subject.indexOf(':')),
    c.subject.slice(c.subject.indexOf(':') + 1),
  ];
  const column = kind === 'key' ? sql`api_key_id` : sql`user_id`;
  const amount = c.unit === 'tokens' ? sql`prompt_tokens + completion_tokens` : sql`cost`;
  await db.execute(sql`
    insert into budget_spend (subject, unit, period, period_start, used)
    select ${c.subject}, ${c.unit}, ${c.period}, ${c.periodStart}, coalesce(sum(${amount}), 0)
    from usage_daily where ${column} = ${id} and day >= ${c.periodStart}
    on conflict do nothing`);
}

/**
 * Holds `amount` on a counter if what is used and held with it stays within `limit`: one
 * conditional UPDATE, so concurrent calls on any instance cannot pass the limit together. Answers
 * the counter's use after the hold, or null when the limit refuses it.
 */
export async function holdOnCounter(
  db: Db,
  c: Counter,
  amount: number,
  limit: number,
  messageId: string,
): Promise<number | null> {
  const [row] = await db
    .update(budgetSpend)
    .set({ held: sql`${budgetSpend.held} + ${amount}` })
    .where(and(counterIs(c), sql`${budgetSpend.used} + ${budgetSpend.held} + ${amount} <= ${limit}`))
    .returning({ used: budgetSpend.used, held: budgetSpend.held });
  if (!row) return null;
  await db.insert(budgetHolds).values({ ...c, messageId, amount });
  return row.used + row.held;
}

/** What a counter shows now (0 when it was never created). */
export async function counterUse(db: Db, c: Counter): Promise<{ used: number; held: number }> {
  const [row] = await db
    .select({ used: budgetSpend.used, held: budgetSpend.held })
    .from(budgetSpend)
    .where(counterIs(c));
  return row ?? { used: 0, held: 0 };
}

function counterIs(c: Counter) {
  return and(
    eq(budgetSpend.subject, c.subject),
    eq(budgetSpend.unit, c.unit),
    eq(budgetSpend.period, c.period),
    eq(budgetSpend.periodStart, c.periodStart),
  );
}

/** Releases an answer's budget holds (once: a second call finds none). */
export async function releaseBudgetHolds(db: Db, messageId: string): Promise<void> {
  const holds = await db.delete(budgetHolds).where(eq(budgetHolds.messageId, messageId)).returning();
  for (const hold of holds) await releaseOne(db, hold);
}

/** Releases holds older than `before`: their generation died without recording anything. */
export async function releaseStaleBudgetHolds(db: Db, before: Date): Promise<number> {
  const holds = await db.delete(budgetHolds).where(lte(budgetHolds.createdAt, before)).returning();
  for (const hold of holds) await releaseOne(db, hold);
  return holds.length;
}

async function releaseOne(db: Db, hold: typeof budgetHolds.$inferSelect): Promise<void> {
  await db
    .update(budgetSpend)
    .set({ held: sql`greatest(${budgetSpend.held} - ${hold.amount}, 0)` })
    .where(counterIs({ ...hold, unit: hold.unit as BudgetUnit, period: hold.period as BudgetPeriod }));
}

/**
 * Adds a recorded call's use to the subject's counters of the current periods that exist (a
 * counter is created, from the roll-up, only when a budget is first checked).
 */
export async function addBudgetUse(
  db: Db,
  use: { userId: string; apiKeyId: string | null; tokens: number; cost: number; at: Date },
): Promise<void> {
  const subjects = [userSubject(use.userId), ...(use.apiKeyId ? [keySubject(use.apiKeyId)] : [])];
  const periods = (['day', 'week', 'month'] as const).map((p) =>
    and(eq(budgetSpend.period, p), eq(budgetSpend.periodStart, periodStart(p, use.at))),
  );
  await db
    .update(budgetSpend)
    .set({
      used: sql`${budgetSpend.used} + case when ${budgetSpend.unit} = 'tokens' then ${use.tokens}::double precision else ${use.cost}::double precision end`,
    })
    .where(and(inArray(budgetSpend.subject, subjects), or(...periods)));
}
