import type { BudgetPeriod } from '@parley/schema';
import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { budgets, type BudgetRow } from '../../db/schema/index.ts';
import { periodEnd, periodStart } from './usage-day.ts';
import { BudgetExceededError } from './budget-exceeded.ts';
import {
  ensureCounter,
  holdOnCounter,
  keySubject,
  releaseBudgetHolds,
  userSubject,
  type BudgetUnit,
  type Counter,
} from './budget-store.ts';

/** A call about to be made: who makes it and what it may cost at most. */
export interface CallEstimate {
  messageId: string;
  userId: string;
  apiKeyId?: string | null;
  tokens: number;
  /** Credits. */
  cost: number;
}

/** Past the soft limit: how much of the budget is used and when it resets. */
export interface BudgetNotice {
  percent: number;
  resetsAt: string;
}

/**
 * Administrators' budgets, enforced before every answer: the user's own budget (or the default
 * when they have none) and the API key's. The call's estimate is held on each budget's counter
 * in one transaction, so either all budgets accept it or none is touched.
 */
export class BudgetService {
  constructor(
    private readonly db: Database,
    /** Usage is recorded (transactions on): budgets can only apply then. */
    readonly enforced: boolean,
  ) {}

  /** The budgets that apply to a user and key: [scope, budget] pairs. */
  async applicable(
    userId: string,
    apiKeyId?: string | null,
  ): Promise<{ scope: 'user' | 'key'; row: BudgetRow }[]> {
    const rows = await this.db
      .select()
      .from(budgets)
      .where(
        or(
          and(eq(budgets.scope, 'user'), eq(budgets.scopeId, userId)),
          eq(budgets.scope, 'default'),
          ...(apiKeyId ? [and(eq(budgets.scope, 'key'), eq(budgets.scopeId, apiKeyId))] : []),
        ),
      );
    const own = rows.find((r) => r.scope === 'user') ?? rows.find((r) => r.scope === 'default');
    const key = rows.find((r) => r.scope === 'key');
    return [
      ...(own ? [{ scope: 'user' as const, row: own }] : []),
      ...(key ? [{ scope: 'key' as const, row: key }] : []),
    ];
  }

  /**
   * Holds the call's estimate on every budget that applies, or refuses with `budget_exceeded`.
   * Answers a notice when a budget is past its soft limit.
   */
  async hold(call: CallEstimate, now = new Date()): Promise<BudgetNotice | null> {
    if (!this.enforced) return null;
    const found = await this.applicable(call.userId, call.apiKeyId);
    if (!found.length) return null;
    return this.db.transaction(async (tx) => {
      let notice: BudgetNotice | null = null;
      for (const { scope, row } of found) {
        const period = row.period as BudgetPeriod;
        const counter: Counter = {
          subject: scope === 'key' ? keySubject(call.apiKeyId!) : userSubject(call.userId),
          unit: row.unit as BudgetUnit,
          period,
          periodStart: periodStart(period, now),
        };
        const resetsAt = periodEnd(period, counter.periodStart);
        await ensureCounter(tx, counter);
        const amount = counter.unit === 'tokens' ? call.tokens : call.cost;
        const use = await holdOnCounter(tx, counter, amount, row.hardLimit, call.messageId);
        if (use === null) throw new BudgetExceededError(scope, resetsAt);
        const percent = Math.round((use / row.hardLimit) * 100);
        if (percent >= row.softPercent && (!notice || percent > notice.percent))
          notice = { percent, resetsAt: resetsAt.toISOString() };
      }
      return notice;
    });
  }

  /** The answer is recorded or abandoned: its holds go back (its real use is added by the meter). */
  release(db: Parameters<typeof releaseBudgetHolds>[0], messageId: string): Promise<void> {
    return releaseBudgetHolds(db, messageId);
  }
}
