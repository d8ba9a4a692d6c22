import { describe, expect, it } from 'vitest';
import { bucketsOf, totalsByKey, topKeys, usageBars, withEmptyBuckets } from './usage-series';

const row = (bucket: string, key: string, tokens: number, cost: number) => ({
  bucket,
  key,
  label: key,
  promptTokens: tokens,
  completionTokens: 0,
  cost,
  messages: 1,
});

describe('usage series', () => {
  const rows = [row('2026-12-01', 'a', 10, 5), row('2026-12-01', 'b', 1, 1), row('2026-12-02', 'c', 3, 9)];
  it('stacks the top keys per bucket and groups the rest as other', () => {
    const keys = topKeys(rows, 'tokens', 2);
    expect(keys).toEqual(['a', 'c']);
    expect(usageBars(rows, 'tokens', keys)).toEqual([
      {
        bucket: '2026-12-01',
        total: 11,
        parts: [
          { key: 'a', value: 10 },
          { key: 'other', value: 1 },
        ],
      },
      { bucket: '2026-12-02', total: 3, parts: [{ key: 'c', value: 3 }] },
    ]);
  });
  it('totals each key over the window, most cost first', () => {
    expect(
      totalsByKey([...rows, row('2026-12-02', 'a', 5, 5)]).map((r) => [r.key, r.cost, r.messages]),
    ).toEqual([
      ['a', 10, 2],
      ['c', 9, 1],
      ['b', 1, 1],
    ]);
  });
});

describe('usage buckets', () => {
  it('lists every day, Monday and month start of the window', () => {
    expect(bucketsOf('2026-12-30', '2027-01-02', 'day')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(bucketsOf('2026-12-09', '2026-12-21', 'week')).toEqual(['2026-12-07', '2026-12-14', '2026-12-21']);
    expect(bucketsOf('2026-11-15', '2027-01-02', 'month')).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
    ]);
  });
  it('fills the buckets with no use with empty bars', () => {
    const bars = [{ bucket: '2026-12-02', total: 3, parts: [{ key: 'a', value: 3 }] }];
    expect(withEmptyBuckets(bars, ['2026-12-01', '2026-12-02']).map((b) => b.total)).toEqual([0, 3]);
  });
});
