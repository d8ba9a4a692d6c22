import { formatDateTime } from '../../i18n/format';

/**
 * The shared view's date: month name, day and year in the viewer's language ("March 5, 2026" in
 * US English, "5. März 2026" in German).
 */
export function longDate(iso: string, locale: string): string {
  return formatDateTime(iso, locale, { month: 'long', day: 'numeric', year: 'numeric' });
}

/** The page title is the conversation title followed by the app title when both exist. */
export function sharePageTitle(title: string | undefined, appTitle: string | undefined): string {
  if (title && appTitle) return `${title} | ${appTitle}`;
  return title || appTitle || '';
}

/** The custom footer is split on the vertical bar; empty pieces are dropped. */
export function footerParts(customFooter: string | undefined): string[] {
  if (!customFooter) return [];
  return customFooter
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
}
