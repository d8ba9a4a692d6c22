/** A date as the console shows it, in the page's language; `fallback` for none. */
export function formatDateTime(value: string | null, language: string, fallback: string): string {
  if (!value) return fallback;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}

/** Bans end in the year 9999 when they are permanent (PERMANENT_BAN on the server). */
export function isPermanentBan(until: string | null): boolean {
  return until !== null && new Date(until).getUTCFullYear() >= 9999;
}
