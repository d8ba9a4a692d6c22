import {
  nextRefill,
  REFILL_INTERVAL_UNITS,
  type BalanceAnswer,
  type RefillIntervalUnit,
} from '@parley/schema';

/** Credits with 2 decimals. */
export function formatCredits(credits: number, locale?: string): string {
  return credits.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** What the auto-refill part of the Balance tab shows. */
export type RefillView =
  | { kind: 'disabled' }
  /** On, but the interval, amount or last refill is missing: a red message. */
  | { kind: 'incomplete' }
  | { kind: 'scheduled'; amount: number; value: number; unit: RefillIntervalUnit; next: Date };

export function refillView(balance: BalanceAnswer): RefillView {
  if (!balance.autoRefillEnabled) return { kind: 'disabled' };
  const { refillAmount: amount, refillIntervalValue: value, refillIntervalUnit: unit, lastRefill } = balance;
  if (!amount || !value || !unit || !REFILL_INTERVAL_UNITS.includes(unit) || !lastRefill)
    return { kind: 'incomplete' };
  return { kind: 'scheduled', amount, value, unit, next: nextRefill(new Date(lastRefill), value, unit) };
}
