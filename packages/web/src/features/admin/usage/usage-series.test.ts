import { describe, expect, it } from 'vitest';
import { totalsByKey, topKeys, usageBars } from './usage-series';

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
