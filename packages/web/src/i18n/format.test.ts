import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateTime, formatNumber, formatYear } from './format';

// Intl separates a number from its unit with a no-break space in some languages: compare words.
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatBytes', () => {
  it('writes sizes in English', () => {
    expect(spaced(formatBytes(0, 'en-US'))).toBe('0 bytes');
    expect(spaced(formatBytes(1023, 'en-US'))).toBe('1,023 bytes');
    expect(spaced(formatBytes(1536, 'en-US'))).toBe('1.5 kB');
    expect(spaced(formatBytes(5 * 1024 * 1024, 'en-US'))).toBe('5.0 MB');
  });

  it('writes sizes in German', () => {
    expect(spaced(formatBytes(1536, 'de-DE'))).toBe('1,5 kB');
    expect(spaced(formatBytes(5 * 1024 * 1024, 'de-DE'))).toBe('5,0 MB');
  });
});

describe('formatNumber and formatYear', () => {
  it('group digits as each language does', () => {
    expect(formatNumber(1234567, 'en-US')).toBe('1,234,567');
    expect(formatNumber(1234567, 'de-DE')).toBe('1.234.567');
    expect(formatNumber(12, 'ar-EG')).toBe('١٢');
  });

  it('write a year in the language digits', () => {
    expect(formatYear(2025, 'en-US')).toBe('2025');
    expect(formatYear(2025, 'ar-EG')).toBe('٢٠٢٥');
  });
});

describe('formatDateTime', () => {
  const when = new Date(2026, 2, 5, 14, 30);

  it('writes the date and time in each language', () => {
    expect(spaced(formatDateTime(when, 'en-US'))).toBe('Mar 5, 2026, 2:30 PM');
    expect(spaced(formatDateTime(when, 'de-DE'))).toBe('05.03.2026, 14:30');
  });

  it('is empty for a date that cannot be read', () => {
    expect(formatDateTime('not a date', 'en-US')).toBe('');
  });
});
