import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Usage of every model call summed per UTC day, user, API key, endpoint and model. Kept up to
 * date in the transaction that records the call (an upsert that adds), so the administrators'
 * usage queries read a few thousand rows instead of every call. Cost is in credits (a millionth
 * of a US dollar) at the prices in force when the call was made. Not tied to users by a foreign
 * key: what a deleted user spent still counts in the totals.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: text('user_id').notNull(),
    /** The personal API key the calls were made with; '' for the web app. */
    apiKeyId: text('api_key_id').notNull().default(''),
    endpoint: text('endpoint').notNull(),
    model: text('model').notNull(),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull().default(0),
    cost: doublePrecision('cost').notNull().default(0),
    /** Model calls counted (an answer, a title, a memory step, …). */
    messages: integer('messages').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.userId, t.apiKeyId, t.endpoint, t.model] }),
    index('usage_daily_user_day_idx').on(t.userId, t.day),
    index('usage_daily_key_day_idx').on(t.apiKeyId, t.day),
  ],
);
export type UsageDailyRow = typeof usageDaily.$inferSelect;

/**
 * Per-model prices set by an administrator (credits per token, i.e. dollars per million tokens);
 * they override parley.yaml's `balance.prices` and the built-in table. Keys match like those.
 */
export const modelPrices = pgTable('model_prices', {
  model: text('model').primaryKey(),
  prompt: doublePrecision('prompt').notNull(),
  completion: doublePrecision('completion').notNull(),
  cacheRead: doublePrecision('cache_read'),
  cacheWrite: doublePrecision('cache_write'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
});
export type ModelPriceRow = typeof modelPrices.$inferSelect;

/**
 * An administrator's spending limit: for one user, one API key, one group, or the default that
 * applies to every user without their own. In tokens or credits, per UTC day, ISO week or month.
 */
export const budgets = pgTable(
  'budgets',
  {
    /** user, key, group or default. */
    scope: text('scope').notNull(),
    /** The user's, key's or group's id; 'default' for the default. */
    scopeId: text('scope_id').notNull(),
    /** tokens or currency (credits). */
    unit: text('unit').notNull(),
    /** day, week or month. */
    period: text('period').notNull(),
    hardLimit: doublePrecision('hard_limit').notNull(),
    /** Percent of the hard limit past which the user is warned. */
    softPercent: integer('soft_percent').notNull().default(80),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scopeId] })],
);
export type BudgetRow = typeof budgets.$inferSelect;

/**
 * What a subject (`user:<id>` or `key:<id>`) used and holds in one period of one unit: the
 * counter budgets are enforced on. A call's estimate is held with a conditional UPDATE (used +
 * held + estimate ≤ limit), so instances sharing the database never let two calls past the limit
 * together; the hold is released and the real use added when the call is recorded.
 */
export const budgetSpend = pgTable(
  'budget_spend',
  {
    subject: text('subject').notNull(),
    unit: text('unit').notNull(),
    period: text('period').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    used: doublePrecision('used').notNull().default(0),
    held: doublePrecision('held').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.unit, t.period, t.periodStart] })],
);

/** An open hold on a budget counter, per answer; released exactly once. */
export const budgetHolds = pgTable(
  'budget_holds',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    messageId: text('message_id').notNull(),
    subject: text('subject').notNull(),
    unit: text('unit').notNull(),
    period: text('period').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    amount: doublePrecision('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('budget_holds_message_idx').on(t.messageId),
    index('budget_holds_created_idx').on(t.createdAt),
  ],
);
