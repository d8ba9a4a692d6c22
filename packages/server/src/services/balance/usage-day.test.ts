import { describe, expect, it } from 'vitest';
import { periodEnd, periodStart, utcDay } from './usage-day.ts';

describe('usage periods', () => {
  const at = new Date('2026-12-09T23:30:00Z'); // a Wednesday
  it('starts days, ISO weeks and months in UTC', () => {
    expect(utcDay(at)).toBe('2026-12-09');
    expect(periodStart('day', at)).toBe('2026-12-09');
    expect(periodStart('week', at)).toBe('2026-12-07');
    expect(periodStart('week', new Date('2026-12-13T10:00:00Z'))).toBe('2026-12-07');
    expect(periodStart('month', at)).toBe('2026-12-01');
  });
  it('ends each period where the next starts', () => {
    expect(periodEnd('day', '2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(periodEnd('week', '2026-12-07').toISOString()).toBe('2026-12-14T00:00:00.000Z');
    expect(periodEnd('month', '2026-12-01').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
