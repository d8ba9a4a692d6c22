// Kept apart from memories.ts (zod schemas): the web page imports this rule, and a module that
// defines schemas would bring all of zod into the page with it.

/** Usage in percent of a limit, capped at 100; null without a limit. */
export function memoryUsagePercentage(totalTokens: number, tokenLimit: number | null): number | null {
  if (!tokenLimit) return null;
  return Math.min(100, Math.round((totalTokens / tokenLimit) * 100));
}
