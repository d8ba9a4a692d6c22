import { differenceInCalendarDays, isSameYear, startOfDay } from 'date-fns';

/**
 * Sidebar date groups: Today, Yesterday, Previous 7 days, Previous 30 days, then
 * the month names of the current year, then years, newest first. A group is a key the list turns
 * into a header: fixed groups are translation keys; months are `month:<0-11>`; years `year:<yyyy>`.
 */
export type DateGroupKey =
  | 'com_ui_date_today'
  | 'com_ui_date_yesterday'
  | 'com_ui_date_previous_7_days'
  | 'com_ui_date_previous_30_days'
  | `month:${number}`
  | `year:${number}`;

export function dateGroupOf(date: Date, now: Date): DateGroupKey {
  const days = differenceInCalendarDays(startOfDay(now), startOfDay(date));
  if (days <= 0) return 'com_ui_date_today';
  if (days === 1) return 'com_ui_date_yesterday';
  if (days <= 7) return 'com_ui_date_previous_7_days';
  if (days <= 30) return 'com_ui_date_previous_30_days';
  if (isSameYear(date, now)) return `month:${date.getMonth()}`;
  return `year:${date.getFullYear()}`;
}

export interface DateGroup<T> {
  key: DateGroupKey;
  items: T[];
}

/**
 * Groups items (already sorted newest first) in order of first appearance. Items of one group
 * stay together even if the input order were to interleave them.
 */
export function groupByDate<T>(items: T[], dateOf: (item: T) => Date, now: Date): DateGroup<T>[] {
  return groupByKey(items, (item) => dateGroupOf(dateOf(item), now));
}

/** `groupByDate` with each item's group given, e.g. remembered from an earlier grouping. */
export function groupByKey<T>(items: T[], keyOf: (item: T) => DateGroupKey): DateGroup<T>[] {
  const groups = new Map<DateGroupKey, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return [...groups].map(([key, list]) => ({ key, items: list }));
}

/**
 * A month group's label in the given locale (e.g. "March"); English's where the browser does not
 * know the locale. (Intl rather than date-fns' format, which would add 5 kB to every chat page.)
 */
export function monthLabel(month: number, locale?: string): string {
  const date = new Date(2000, month, 1);
  try {
    return new Intl.DateTimeFormat(locale, { month: 'long' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', { month: 'long' }).format(date);
  }
}
