/**
 * An operator's help page (HELP_AND_FAQ_URL) as the menu links it: an http(s) address only, and
 * not "/" (LibreChat's way of switching the item off).
 */
export function helpLinkOf(url: string | undefined): string | null {
  if (!url || url === '/') return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
