import { nextRefill, type BalanceAnswer, type RefillIntervalUnit } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import type { BalanceRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import type { BalanceSettings } from './balance-settings.ts';
import type { BudgetNotice, BudgetService } from './budget-service.ts';
import { releaseStaleBudgetHolds } from './budget-store.ts';
import { loadConsolePrices } from './console-prices.ts';
import type { UsageMeter } from './usage-meter.ts';
import {
  chargeWithoutHold,
  ensureBalance,
  holdCredits,
  refillIfDue,
  refundHold,
  settleCharges,
  spendByModel,
  staleHolds,
  type Db,
} from './balance-store.ts';
import type { TokenPrice } from './prices.ts';

/** The Balance tab's window of recent spend. */
export const RECENT_SPEND_DAYS = 30;
/** A hold this old whose answer was never saved belongs to a generation that died: refunded. */
export const STALE_HOLD_MS = 60 * 60 * 1000;

/** Tokens an answer used, from the provider's usage or counted when it gave none. */
export interface AnswerUsage {
  promptTokens: number;
  completionTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

/** The chat's `token_balance` refusal: "Insufficient Funds!" with the balance and the request's cost. */
export class InsufficientBalanceError extends AppError {
  constructor(balance: number, tokenCost: number, promptTokens: number) {
    const shown = (n: number) => Math.round(n * 100) / 100;
    super(
      'token_balance',
      `Insufficient Funds! Balance: ${shown(balance)}. Prompt tokens: ${promptTokens}. Cost: ${shown(tokenCost)}.`,
      { type: 'token_balance', balance: shown(balance), tokenCost: shown(tokenCost), promptTokens },
    );
    this.name = 'InsufficientBalanceError';
  }
}

/** How long prices set in the console are cached before another instance's change is read. */
const PRICES_TTL_MS = 30_000;

/**
 * One answer's hold on the balance (when balances are on) and on the budgets, settled or
 * refunded exactly once; settling records the answer's usage.
 */
export interface AnswerCharge {
  /** Whether the balance is charged (balances on); otherwise the usage is only recorded. */
  billed: boolean;
  /** A budget past its soft limit, to tell the user. */
  notice: BudgetNotice | null;
  /** What the answer costs for this usage (credits). */
  cost(usage: AnswerUsage): number;
  /** In the transaction that saves the answer: records the charges; answers the credits charged. */
  settle(tx: Db, usage: AnswerUsage): Promise<number | null>;
  /** Nothing was saved: the hold goes back. */
  refund(): Promise<boolean>;
}

export interface AnswerToCharge {
  userId: string;
  /** Null for an API call that is not saved as a conversation. */
  conversationId: string | null;
  /** The personal API key the answer was asked with, recorded with each charge. */
  apiKeyId?: string;
  messageId: string;
  endpoint: string;
  model: string;
  promptTokens: number;
  /** The request's output cap, when it set one. */
  maxOutputTokens?: number;
}

/** A call with no hold before it (a title, a memory step): who made it, with what model. */
export interface CallToCharge {
  userId: string;
  conversationId: string | null;
  /** The answer the call followed. */
  messageId: string | null;
  endpoint: string;
  model: string;
}

/**
 * Balances, budgets and usage: holds before a request (the budgets' and, with balances on, the
 * balance's), charges and usage recorded with the saved answer.
 */
export class BalanceService {
  private pricesReadAt = 0;

  constructor(
    private readonly db: Database,
    readonly settings: BalanceSettings,
    readonly meter: UsageMeter,
    readonly budgets: BudgetService,
  ) {}

  /** Reads the console's prices again when the cached ones are older than PRICES_TTL_MS (or `force`). */
  async refreshPrices(force = false): Promise<void> {
    if (!force && Date.now() - this.pricesReadAt < PRICES_TTL_MS) return;
    this.settings.prices.setConsolePrices(await loadConsolePrices(this.db));
    this.pricesReadAt = Date.now();
  }

  get enabled(): boolean {
    return this.settings.enabled;
  }

  /** The caller's balance, created on first use and refilled when due. */
  async current(userId: string): Promise<BalanceRow> {
    const row = await ensureBalance(this.db, userId, this.settings);
    const { refillIntervalValue: value, refillIntervalUnit: unit, lastRefill } = row;
    if (!value || !unit || !lastRefill) return row;
    return refillIfDue(this.db, row, nextRefill(lastRefill, value, unit as RefillIntervalUnit));
  }

  /** GET /api/balance: the balance, its refill settings and the recent spend by model. */
  async answer(userId: string, now = new Date()): Promise<BalanceAnswer> {
    const row = await this.current(userId);
    const since = new Date(now.getTime() - RECENT_SPEND_DAYS * 86_400_000);
    return {
      tokenCredits: row.tokenCredits,
      autoRefillEnabled: row.autoRefillEnabled,
      refillIntervalValue: row.refillIntervalValue,
      refillIntervalUnit: row.refillIntervalUnit as RefillIntervalUnit | null,
      refillAmount: row.refillAmount,
      lastRefill: row.lastRefill?.toISOString() ?? null,
      recentSpend: await spendByModel(this.db, userId, since),
      recentDays: RECENT_SPEND_DAYS,
    };
  }

  /** What an answer will at most cost before it is generated: its prompt and the completion held. */
  estimate(price: TokenPrice, promptTokens: number, maxOutputTokens?: number): number {
    const completion = Math.min(maxOutputTokens ?? Infinity, this.settings.reserveCompletionTokens);
    return promptTokens * price.prompt + completion * price.completion;
  }

  /**
   * Holds the estimated use of an answer on its budgets (refused with `budget_exceeded` past a
   * hard limit) and, with balances on, its cost on the balance (refused with `token_balance` when
   * the balance does not cover it). Null when neither balances nor usage recording are on.
   */
  async hold(answer: AnswerToCharge): Promise<AnswerCharge | null> {
    if (!this.enabled && !this.meter.enabled) return null;
    await this.refreshPrices().catch(() => undefined);
    const price = this.settings.prices.priceOf(answer.model);
    const amount = this.estimate(price, answer.promptTokens, answer.maxOutputTokens);
    const completion = Math.min(answer.maxOutputTokens ?? Infinity, this.settings.reserveCompletionTokens);
    const notice = await this.budgets.hold({
      messageId: answer.messageId,
      userId: answer.userId,
      apiKeyId: answer.apiKeyId ?? null,
      tokens: answer.promptTokens + completion,
      cost: amount,
    });
    if (!this.enabled) return this.chargeFor(answer, { billed: false, notice });
    try {
      const balance = await this.current(answer.userId);
      const held = await holdCredits(this.db, {
        userId: answer.userId,
        messageId: answer.messageId,
        amount,
        promptTokens: answer.promptTokens,
      });
      if (!held) throw new InsufficientBalanceError(balance.tokenCredits, amount, answer.promptTokens);
    } catch (error) {
      await this.budgets.release(this.db, answer.messageId);
      throw error;
    }
    return this.chargeFor(answer, { billed: true, notice });
  }

  /** The charge of an answer whose hold exists already (e.g. an orphaned answer being saved). */
  chargeFor(
    answer: AnswerToCharge,
    { billed, notice }: { billed: boolean; notice: BudgetNotice | null } = { billed: true, notice: null },
  ): AnswerCharge {
    const price = this.settings.prices.priceOf(answer.model);
    const metered = (charges: ReturnType<typeof chargesFor>) => ({
      userId: answer.userId,
      apiKeyId: answer.apiKeyId ?? null,
      endpoint: answer.endpoint,
      model: answer.model,
      charges,
    });
    return {
      billed,
      notice,
      cost: (usage) => -chargesFor(answer, price, usage).reduce((sum, c) => sum + c.tokenValue, 0),
      settle: async (tx, usage) => {
        let charges = chargesFor(answer, price, usage);
        if (billed) {
          const settled = await settleCharges(tx, answer.messageId, charges);
          if (!settled) return null;
          charges = charges.map((c) => ({ ...c, holdId: settled.holdId }));
        }
        await this.budgets.release(tx, answer.messageId);
        await this.meter.record(tx, metered(charges));
        return -charges.reduce((sum, c) => sum + c.tokenValue, 0);
      },
      refund: async () => {
        await this.budgets.release(this.db, answer.messageId);
        return billed ? refundHold(this.db, answer.messageId) : false;
      },
    };
  }

  /**
   * Charges and records a call made with no hold before it — a conversation's title, a memory
   * step — at its real usage: taken from the balance (stopping at zero) when balances are on, and
   * recorded as usage either way.
   */
  async chargeCall(call: CallToCharge, usage: AnswerUsage): Promise<void> {
    if (!this.enabled && !this.meter.enabled) return;
    await this.refreshPrices().catch(() => undefined);
    const price = this.settings.prices.priceOf(call.model);
    const charges = chargesFor(
      { ...call, conversationId: call.conversationId, messageId: call.messageId ?? '', promptTokens: 0 },
      price,
      usage,
    ).map((c) => ({ ...c, messageId: call.messageId }));
    const cost = -charges.reduce((sum, c) => sum + c.tokenValue, 0);
    if (this.enabled) await ensureBalance(this.db, call.userId, this.settings);
    await this.db.transaction(async (tx) => {
      if (this.enabled) await chargeWithoutHold(tx, call.userId, cost);
      await this.meter.record(tx, {
        userId: call.userId,
        endpoint: call.endpoint,
        model: call.model,
        charges,
      });
    });
  }

  /**
   * Gives back holds no answer settled: their generation died before saving anything (a crash,
   * or a failure between the hold and the job). Holds older than STALE_HOLD_MS; with `all`, every
   * hold (one instance starting alone: nothing of its own runs yet). A settle racing a refund
   * finds the hold gone and charges nothing, so a hold is never both refunded and charged.
   */
  async refundOrphanedHolds(now = new Date(), all = false): Promise<number> {
    const holds = await staleHolds(this.db, all ? now : new Date(now.getTime() - STALE_HOLD_MS));
    let refunded = 0;
    for (const hold of holds) if (await refundHold(this.db, hold.messageId)) refunded++;
    await releaseStaleBudgetHolds(this.db, all ? now : new Date(now.getTime() - STALE_HOLD_MS));
    return refunded;
  }
}

/** The charges of one answer: prompt, completion and cache tokens at the model's prices. */
export function chargesFor(answer: AnswerToCharge, price: TokenPrice, usage: AnswerUsage) {
  const base = {
    userId: answer.userId,
    conversationId: answer.conversationId,
    messageId: answer.messageId,
    endpoint: answer.endpoint,
    model: answer.model,
    apiKeyId: answer.apiKeyId ?? null,
  };
  const kinds: [string, number, number][] = [
    ['prompt', usage.promptTokens, price.prompt],
    ['completion', usage.completionTokens, price.completion],
    ['cache_read', usage.cacheReadTokens ?? 0, price.cacheRead ?? price.prompt],
    ['cache_write', usage.cacheWriteTokens ?? 0, price.cacheWrite ?? price.prompt],
  ];
  return kinds
    .filter(([kind, tokens]) => tokens > 0 || kind === 'prompt' || kind === 'completion')
    .map(([tokenType, tokens, rate]) => ({
      ...base,
      tokenType,
      rawAmount: -tokens,
      rate,
      tokenValue: -tokens * rate,
    }));
}
