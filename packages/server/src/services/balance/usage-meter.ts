import { sql } from 'drizzle-orm';
import { balanceTransactions, usageDaily } from '../../db/schema/index.ts';
import type { Db } from './balance-store.ts';
import { addBudgetUse } from './budget-store.ts';
import { utcDay } from './usage-day.ts';

type NewTransaction = typeof balanceTransactions.$inferInsert;

/** One model call's usage, as its charges (one per token kind, negative like the balance's). */
export interface MeteredCall {
  userId: string;
  apiKeyId?: string | null;
  endpoint: string;
  model: string;
  charges: NewTransaction[];
}

/**
 * Records the usage of every model call — answers, titles, memory steps, API calls — whether or
 * not balances are on: its charges in `balance_transactions`, the day's roll-up and the budget
 * counters, all in the caller's transaction. parley.yaml's `transactions.enabled: false` turns it
 * off: nothing is recorded (and budgets cannot apply).
 */
export class UsageMeter {
  constructor(readonly enabled: boolean) {}

  async record(tx: Db, call: MeteredCall, at = new Date()): Promise<void> {
    if (!this.enabled || !call.charges.length) return;
    await tx.insert(balanceTransactions).values(call.charges).onConflictDoNothing();
    const tokensOf = (kinds: string[]) =>
      -call.charges.filter((c) => kinds.includes(c.tokenType)).reduce((s, c) => s + (c.rawAmount ?? 0), 0);
    const promptTokens = tokensOf(['prompt', 'cache_read', 'cache_write']);
    const completionTokens = tokensOf(['completion']);
    const cost = -call.charges.reduce((s, c) => s + c.tokenValue, 0);
    const day = utcDay(at);
    await tx
      .insert(usageDaily)
      .values({
        day,
        userId: call.userId,
        apiKeyId: call.apiKeyId ?? '',
        endpoint: call.endpoint,
        model: call.model,
        promptTokens,
        completionTokens,
        cost,
        messages: 1,
      })
      .onConflictDoUpdate({
        target: [
          usageDaily.day,
          usageDaily.userId,
          usageDaily.apiKeyId,
          usageDaily.endpoint,
          usageDaily.model,
        ],
        set: {
          promptTokens: sql`${usageDaily.promptTokens} + excluded.prompt_tokens`,
          completionTokens: sql`${usageDaily.completionTokens} + excluded.completion_tokens`,
          cost: sql`${usageDaily.cost} + excluded.cost`,
          messages: sql`${usageDaily.messages} + 1`,
        },
      });
    await addBudgetUse(tx, {
      userId: call.userId,
      apiKeyId: call.apiKeyId ?? null,
      tokens: promptTokens + completionTokens,
      cost,
      at,
    });
  }
}
