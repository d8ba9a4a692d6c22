import { describe, expect, it } from 'vitest';
import { dateGroupOf, groupByDate, monthLabel } from './date-groups';

const now = new Date(2026, 10, 21, 15, 0, 0); // Sat 21 Nov 2026, 15:00 local

describe('dateGroupOf', () => {
  it('puts the same calendar day under Today, even just after midnight', () => {
    expect(dateGroupOf(new Date(2026, 10, 21, 0, 1), now)).toBe('com_ui_date_today');
    expect(dateGroupOf(new Date(2026, 10, 21, 23, 59), now)).toBe('com_ui_date_today');
  });
  it('uses calendar days for Yesterday, not 24 hours', () => {
    expect(dateGroupOf(new Date(2026, 10, 20, 23, 59), now)).toBe('com_ui_date_yesterday');
    expect(dateGroupOf(new Date(2026, 10, 20, 0, 0), now)).toBe('com_ui_date_yesterday');
  });
  it('has Previous 7 days up to a week back and Previous 30 days up to 30', () => {
    expect(dateGroupOf(new Date(2026, 10, 19), now)).toBe('com_ui_date_previous_7_days');
    expect(dateGroupOf(new Date(2026, 10, 14), now)).toBe('com_ui_date_previous_7_days');
    expect(dateGroupOf(new Date(2026, 10, 13), now)).toBe('com_ui_date_previous_30_days');
    expect(dateGroupOf(new Date(2026, 9, 22), now)).toBe('com_ui_date_previous_30_days');
  });
  it('names months of this year, then years', () => {
    expect(dateGroupOf(new Date(2026, 9, 21), now)).toBe('month:9');
    expect(dateGroupOf(new Date(2026, 0, 1), now)).toBe('month:0');
    expect(dateGroupOf(new Date(2025, 11, 31), now)).toBe('year:2025');
    expect(dateGroupOf(new Date(2019, 5, 1), now)).toBe('year:2019');
  });
  it('treats a date in the future (clock skew) as today', () => {
    expect(dateGroupOf(new Date(2026, 10, 22), now)).toBe('com_ui_date_today');
  });
});

describe('groupByDate', () => {
  it('keeps input order and gathers each group once', () => {
    const items = [
      new Date(2026, 10, 21, 9),
      new Date(2026, 10, 20),
      new Date(2026, 10, 21, 8),
      new Date(2026, 2, 3),
      new Date(2024, 1, 1),
      new Date(2023, 1, 1),
    ];
    const groups = groupByDate(items, (d) => d, now);
    expect(groups.map((g) => g.key)).toEqual([
      'com_ui_date_today',
      'com_ui_date_yesterday',
      'month:2',
      'year:2024',
      'year:2023',
    ]);
    expect(groups[0]!.items).toHaveLength(2);
  });
  it('returns no groups for no items', () => {
    expect(groupByDate([], (d: Date) => d, now)).toEqual([]);
  });
});

describe('monthLabel', () => {
  it('gives the English month name', () => {
    expect(monthLabel(2, 'en-US')).toBe('March');
  });
  it("falls back to English's name for a locale tag the browser rejects", () => {
    expect(monthLabel(0, 'not a locale!')).toBe('January');
  });
});
