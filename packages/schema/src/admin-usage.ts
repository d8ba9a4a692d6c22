import { z } from 'zod';

/**
 * The administrators' usage, prices and budgets API. Costs are in credits (a millionth of a US
 * dollar, like balances); prices in credits per token (US dollars per million tokens).
 */

export const USAGE_GROUP_BYS = ['user', 'group', 'model', 'endpoint'] as const;
export type UsageGroupBy = (typeof USAGE_GROUP_BYS)[number];
export const USAGE_INTERVALS = ['day', 'week', 'month'] as const;
export type UsageInterval = (typeof USAGE_INTERVALS)[number];

/** The longest window one usage query may cover: the roll-up answers fast up to that. */
export const USAGE_MAX_DAYS = 731;
/** An id in a path or query: what ids look like here, no longer. */
const idSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Not a valid id');
const isoDay = z.iso.date({ message: 'A date as YYYY-MM-DD' });

/** GET /api/admin/usage query. `from` and `to` are UTC days, both included. */
export const usageQuerySchema = z
  .strictObject({
    from: isoDay,
    to: isoDay,
    groupBy: z.enum(USAGE_GROUP_BYS).default('user'),
    interval: z.enum(USAGE_INTERVALS).optional(),
    userId: idSchema.optional(),
  })
  .refine((q) => q.from <= q.to, { message: '`from` must not be after `to`', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < USAGE_MAX_DAYS, {
    message: `At most ${USAGE_MAX_DAYS} days at once`,
    path: ['to'],
  });
export type UsageQuery = z.infer<typeof usageQuerySchema>;

export const usageRowSchema = z.object({
  /** The first day of the row's day, week (Monday) or month; absent without `interval`. */
  bucket: z.string().optional(),
  key: z.string(),
  label: z.string(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  /** Credits. */
  cost: z.number(),
  /** Model calls. */
  messages: z.number(),
});
export type UsageRow = z.infer<typeof usageRowSchema>;

export const usageAnswerSchema = z.object({
  rows: z.array(usageRowSchema),
  /** Why the answer is empty or partial (no groups yet, usage not recorded on this server). */
  note: z.string().optional(),
  /** False when parley.yaml's `transactions.enabled` is false: nothing is recorded. */
  recording: z.boolean(),
});
export type UsageAnswer = z.infer<typeof usageAnswerSchema>;

/** A model's price as an administrator sets it. */
const rate = z.number().finite().min(0).max(1_000_000);
export const modelPriceInputSchema = z.strictObject({
  prompt: rate,
  completion: rate,
  cacheRead: rate.optional(),
  cacheWrite: rate.optional(),
});
export type ModelPriceInput = z.infer<typeof modelPriceInputSchema>;

export const modelPriceSchema = modelPriceInputSchema.extend({
  model: z.string(),
  /** console: set by an administrator; config: parley.yaml; built-in: the providers' list prices. */
  source: z.enum(['console', 'config', 'built-in']),
  updatedAt: z.string().optional(),
});
export type ModelPrice = z.infer<typeof modelPriceSchema>;
export const modelPricesAnswerSchema = z.object({ prices: z.array(modelPriceSchema) });

/** A model id or family prefix, as price keys are written. */
export const priceModelParamsSchema = z.strictObject({
  model: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_.:@/-]+$/, 'Not a valid model id'),
});

export const BUDGET_SCOPES = ['user', 'group', 'key'] as const;
export type BudgetScope = (typeof BUDGET_SCOPES)[number] | 'default';
export const BUDGET_UNITS = ['tokens', 'currency'] as const;
export const BUDGET_PERIODS = ['day', 'week', 'month'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

export const budgetInputSchema = z.strictObject({
  unit: z.enum(BUDGET_UNITS),
  period: z.enum(BUDGET_PERIODS),
  /** Tokens, or credits for `currency`. */
  hardLimit: z.number().finite().positive().max(1e15),
  /** Percent of the hard limit at which the user is warned. */
  softPercent: z.number().int().min(1).max(100).default(80),
});
export type BudgetInput = z.infer<typeof budgetInputSchema>;

export const budgetSchema = budgetInputSchema.extend({
  scope: z.enum([...BUDGET_SCOPES, 'default']),
  scopeId: z.string(),
  /** The user's e-mail or the key's name, when known. */
  label: z.string().optional(),
  updatedAt: z.string(),
});
export type Budget = z.infer<typeof budgetSchema>;
export const budgetsAnswerSchema = z.object({ budgets: z.array(budgetSchema), enforced: z.boolean() });

export const budgetParamsSchema = z.strictObject({ scope: z.enum(BUDGET_SCOPES), id: idSchema });

/** A budget's state for one subject: what is used this period, and when it resets. */
export const budgetStatusSchema = z.object({
  used: z.number(),
  hardLimit: z.number(),
  unit: z.enum(BUDGET_UNITS),
  period: z.enum(BUDGET_PERIODS),
  resetsAt: z.string(),
});
export type BudgetStatus = z.infer<typeof budgetStatusSchema>;
