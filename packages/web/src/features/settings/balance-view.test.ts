import type { BalanceAnswer } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { formatCredits, refillView } from './balance-view';

const base: BalanceAnswer = {
  tokenCredits: 1234.5,
  autoRefillEnabled: true,
  refillIntervalValue: 30,
  refillIntervalUnit: 'days',
  refillAmount: 10000,
  lastRefill: '2026-01-31T10:00:00.000Z',
  recentSpend: [],
  recentDays: 30,
};

describe('Balance tab rules', () => {
  it('shows credits with two decimals', () => {
    expect(formatCredits(1234.5, 'en-US')).toBe('1,234.50');
    expect(formatCredits(0.005, 'en-US')).toBe('0.01');
    expect(formatCredits(20000, 'en-US')).toBe('20,000.00');
  });

  it('next refill is the last refill plus the interval', () => {
    expect(refillView(base)).toMatchObject({ kind: 'scheduled', next: new Date('2026-03-02T10:00:00.000Z') });
    expect(refillView({ ...base, refillIntervalValue: 1, refillIntervalUnit: 'months' })).toMatchObject({
      next: new Date('2026-03-03T10:00:00.000Z'),
    });
    expect(refillView({ ...base, refillIntervalValue: 90, refillIntervalUnit: 'seconds' })).toMatchObject({
      next: new Date('2026-01-31T10:01:30.000Z'),
    });
  });

  it('auto-refill off, or on with missing fields', () => {
    expect(refillView({ ...base, autoRefillEnabled: false })).toEqual({ kind: 'disabled' });
    expect(refillView({ ...base, refillAmount: null })).toEqual({ kind: 'incomplete' });
    expect(refillView({ ...base, lastRefill: null })).toEqual({ kind: 'incomplete' });
    expect(refillView({ ...base, refillIntervalUnit: null })).toEqual({ kind: 'incomplete' });
  });
});
