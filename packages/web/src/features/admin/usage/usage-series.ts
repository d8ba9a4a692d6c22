import type { UsageRow } from '@parley/schema';

export type UsageMetric = 'tokens' | 'cost';

/** One bar: a bucket's total and its parts by key (the largest keys; the rest as "other"). */
export interface UsageBar {
  bucket: string;
  total: number;
  parts: { key: string; value: number }[];
}

/** The row's value for the metric: tokens in and out, or cost in credits. */
export const metricOf = (row: UsageRow, metric: UsageMetric) =>
  metric === 'tokens' ? row.promptTokens + row.completionTokens : row.cost;

/** The `top` keys with most use over the whole window, most first. */
export function topKeys(rows: UsageRow[], metric: UsageMetric, top: number): string[] {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.key, (totals.get(r.key) ?? 0) + metricOf(r, metric));
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k]) => k);
}

/** Bars per bucket, in bucket order, each split into the top keys and "other". */
export function usageBars(rows: UsageRow[], metric: UsageMetric, keys: string[]): UsageBar[] {
  const byBucket = new Map<string, UsageBar>();
  for (const r of rows) {
    const bucket = r.bucket ?? '';
    const bar = byBucket.get(bucket) ?? { bucket, total: 0, parts: [] };
    const key = keys.includes(r.key) ? r.key : 'other';
    const value = metricOf(r, metric);
    bar.total += value;
    const part = bar.parts.find((p) => p.key === key);
    if (part) part.value += value;
    else bar.parts.push({ key, value });
    byBucket.set(bucket, bar);
  }
  return [...byBucket.values()].sort((a, b) => a.bucket.localeCompare(b.bucket));
}

/** Totals per key over the window (the table under a chart), most cost first. */
export function totalsByKey(rows: UsageRow[]): UsageRow[] {
  const byKey = new Map<string, UsageRow>();
  for (const r of rows) {
    const t = byKey.get(r.key) ?? {
      key: r.key,
      label: r.label,
      promptTokens: 0,
      completionTokens: 0,
      cost: 0,
      messages: 0,
    };
    t.promptTokens += r.promptTokens;
    t.completionTokens += r.completionTokens;
    t.cost += r.cost;
    t.messages += r.messages;
    byKey.set(r.key, t);
  }
  return [...byKey.values()].sort((a, b) => b.cost - a.cost || b.promptTokens - a.promptTokens);
}

/** Every bucket start of the window (UTC days, Monday weeks, months), so empty ones show as gaps. */
export function bucketsOf(from: string, to: string, interval: 'day' | 'week' | 'month'): string[] {
  const d = new Date(`${from}T00:00:00Z`);
  if (interval === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (interval === 'month') d.setUTCDate(1);
  const out: string[] = [];
  while (d.toISOString().slice(0, 10) <= to) {
    out.push(d.toISOString().slice(0, 10));
    if (interval === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

/** The bars with an empty one for each bucket of the window that had no use. */
export function withEmptyBuckets(bars: UsageBar[], buckets: string[]): UsageBar[] {
  const found = new Map(bars.map((b) => [b.bucket, b]));
  return buckets.map((bucket) => found.get(bucket) ?? { bucket, total: 0, parts: [] });
}
