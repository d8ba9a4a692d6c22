import { z } from 'zod';

/** Token balance. One credit is a millionth of a US dollar. */
export const REFILL_INTERVAL_UNITS = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months'] as const;
export type RefillIntervalUnit = (typeof REFILL_INTERVAL_UNITS)[number];

/** The spec's defaults: disabled, start 20000, refill every 30 days, amount 10000. */
export const BALANCE_DEFAULTS = {
  enabled: false,
  startBalance: 20_000,
  autoRefillEnabled: false,
  refillIntervalValue: 30,
  refillIntervalUnit: 'days' as RefillIntervalUnit,
  refillAmount: 10_000,
} as const;

/** What `/api/config` tells the web app about balances. */
export const balanceConfigSchema = z.object({
  enabled: z.boolean(),
  startBalance: z.number(),
  autoRefillEnabled: z.boolean(),
  refillIntervalValue: z.number(),
  refillIntervalUnit: z.enum(REFILL_INTERVAL_UNITS),
  refillAmount: z.number(),
});
export type BalanceConfig = z.infer<typeof balanceConfigSchema>;

/** One model's recent spend, for the Balance tab. */
export const modelSpendSchema = z.object({
  model: z.string(),
  endpoint: z.string(),
  /** Credits spent in the window (positive). */
  credits: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  answers: z.number(),
});
export type ModelSpend = z.infer<typeof modelSpendSchema>;

/** GET /api/balance. */
export const balanceAnswerSchema = z.object({
  tokenCredits: z.number(),
  autoRefillEnabled: z.boolean(),
  refillIntervalValue: z.number().nullable(),
  refillIntervalUnit: z.enum(REFILL_INTERVAL_UNITS).nullable(),
  refillAmount: z.number().nullable(),
  lastRefill: z.string().nullable(),
  /** Spend by model over the last `recentDays` days, most spent first (Parley's addition). */
  recentSpend: z.array(modelSpendSchema),
  recentDays: z.number(),
});
export type BalanceAnswer = z.infer<typeof balanceAnswerSchema>;

/** The chat's `token_balance` refusal: the balance, the request's cost and its prompt tokens. */
export interface TokenBalanceError {
  type: 'token_balance';
  balance: number;
  tokenCost: number;
  promptTokens: number;
  generations?: unknown[];
}

/** When the next auto-refill is due: last refill plus the interval. */
export function nextRefill(lastRefill: Date, value: number, unit: RefillIntervalUnit): Date {
  const next = new Date(lastRefill.getTime());
  switch (unit) {
    case 'seconds':
      next.setUTCSeconds(next.getUTCSeconds() + value);
      break;
    case 'minutes':
      next.setUTCMinutes(next.getUTCMinutes() + value);
      break;
    case 'hours':
      next.setUTCHours(next.getUTCHours() + value);
      break;
    case 'days':
      next.setUTCDate(next.getUTCDate() + value);
      break;
    case 'weeks':
      next.setUTCDate(next.getUTCDate() + value * 7);
      break;
    case 'months':
      next.setUTCMonth(next.getUTCMonth() + value);
      break;
  }
  return next;
}

/** Per-answer figures kept on an answer's metadata and shown under it. */
export const answerFiguresSchema = z.object({
  promptTokens: z.number().optional(),
  completionTokens: z.number().optional(),
  /** Milliseconds from the request to the first streamed token. */
  timeToFirstTokenMs: z.number().optional(),
  tokensPerSecond: z.number().optional(),
  /** Credits charged for the answer (only with balances on). */
  cost: z.number().optional(),
});
export type AnswerFigures = z.infer<typeof answerFiguresSchema>;
