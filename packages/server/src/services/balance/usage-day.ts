import type { BudgetPeriod } from '@parley/schema';

/** A UTC day as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The first UTC day of the day, ISO week (Monday) or month `at` falls in. */
export function periodStart(period: BudgetPeriod, at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (period === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (period === 'month') d.setUTCDate(1);
  return utcDay(d);
}

/** When the period that starts on `start` ends: the next period's first moment. */
export function periodEnd(period: BudgetPeriod, start: string): Date {
  const d = new Date(`${start}T00:00:00Z`);
  if (period === 'day') d.setUTCDate(d.getUTCDate() + 1);
  else if (period === 'week') d.setUTCDate(d.getUTCDate() + 7);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}
