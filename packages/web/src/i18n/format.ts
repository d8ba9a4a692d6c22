/**
 * Numbers, sizes and dates as the UI language writes them (digits, separators, unit names, month
 * names), through the browser's Intl. `locale` is the current UI language (i18next's language).
 */

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A byte count as people read it: whole bytes, then 1 decimal from a kilobyte (1024 bytes) on, in
 * the language's unit names ("812 bytes", "1.5 kB"; "1,5 ko" in French).
 */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : 1;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    // "bytes" in full reads better than a lone "B" and takes the language's plural ("1 byte").
    unitDisplay: unit === 0 ? 'long' : 'short',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** A count (tokens, credits …) with the language's digits and grouping. */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return value.toLocaleString(locale, options);
}

/** A year as the language writes it (Arabic uses its own digits). */
export function formatYear(year: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric' }).format(new Date(year, 6, 1));
}

/** A date and time, medium date and short time by default; '' for a date that cannot be read. */
export function formatDateTime(
  value: string | number | Date,
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(locale, options).format(date);
}
