/** The shared view's date in long US format, e.g. "March 5, 2026". */
export function longUsDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(date);
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
