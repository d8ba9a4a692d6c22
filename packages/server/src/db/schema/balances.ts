import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A user's token credits (one credit = a millionth of a US dollar) and auto-refill
 * settings. Created with the configured start balance the first time it is needed. Credits never
 * go below zero: spending is a conditional UPDATE, and the CHECK makes any other path fail.
 */
export const balances = pgTable(
  'balances',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenCredits: doublePrecision('token_credits').notNull(),
    autoRefillEnabled: boolean('auto_refill_enabled').notNull().default(false),
    refillIntervalValue: integer('refill_interval_value'),
    refillIntervalUnit: text('refill_interval_unit'),
    refillAmount: doublePrecision('refill_amount'),
    lastRefill: timestamp('last_refill', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('balances_not_negative', sql`${t.tokenCredits} >= 0`)],
);
export type BalanceRow = typeof balances.$inferSelect;

/**
 * Every change of a balance: a charge per token kind of an answer (negative), a refill or an
 * administrator's grant (positive). A hold is charged once: (hold, kind) is unique — a continued
 * answer is charged again for its new part, under a new hold.
 */
export const balanceTransactions = pgTable(
  'balance_transactions',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** prompt, completion, cache_read, cache_write, refill, admin. */
    tokenType: text('token_type').notNull(),
    conversationId: text('conversation_id'),
    messageId: text('message_id'),
    /** The hold this charge settled. */
    holdId: text('hold_id'),
    /** The personal API key the answer was asked with (null: the web app). */
    apiKeyId: text('api_key_id'),
    endpoint: text('endpoint'),
    model: text('model'),
    /** Tokens (negative when spent); null for refills and grants. */
    rawAmount: integer('raw_amount'),
    /** Credits per token applied. */
    rate: doublePrecision('rate'),
    /** Credits added (positive) or spent (negative). */
    tokenValue: doublePrecision('token_value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('balance_transactions_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('balance_transactions_hold_kind_unique')
      .on(t.holdId, t.tokenType)
      .where(sql`${t.holdId} is not null`),
  ],
);
export type BalanceTransactionRow = typeof balanceTransactions.$inferSelect;

/**
 * Credits held for an answer being generated: taken from the balance before the provider is
 * called and settled against the real cost in the transaction that saves the answer. A row left
 * by a crash is settled when the orphaned answer is saved, or refunded by the sweep.
 */
export const balanceReservations = pgTable(
  'balance_reservations',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    /** The answer's message id: one generation per answer at a time, so one hold. */
    messageId: text('message_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: doublePrecision('amount').notNull(),
    promptTokens: integer('prompt_tokens').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('balance_reservations_message_unique').on(t.messageId),
    index('balance_reservations_created_idx').on(t.createdAt),
  ],
);
export type BalanceReservationRow = typeof balanceReservations.$inferSelect;
