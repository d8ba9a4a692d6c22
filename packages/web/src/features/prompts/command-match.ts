/** The fields of a group the `/` picker lists. */
export interface PickerGroup {
  _id: string;
  name: string;
  command?: string;
  oneliner: string;
  category: string;
  productionPrompt: { prompt: string } | null;
}

/** The picker's search: the text after `/` when it is one word, else null (picker closed). */
export function slashSearch(text: string): string | null {
  if (!text.startsWith('/')) return null;
  const rest = text.slice(1);
  return /\s/.test(rest) ? null : rest;
}

/**
 * Groups matching the search by command or name, case-insensitively: command prefixes first,
 * then other command matches, then name matches, each in the given order.
 */
export function matchCommandGroups<T extends PickerGroup>(groups: readonly T[], search: string): T[] {
  const q = search.toLowerCase();
  if (q === '') return [...groups];
  const rank = (g: T): number => {
    const command = g.command?.toLowerCase() ?? '';
    if (command.startsWith(q)) return 0;
    if (command.includes(q)) return 1;
    if (g.name.toLowerCase().includes(q)) return 2;
    return -1;
  };
  return groups
    .map((g, i) => ({ g, i, r: rank(g) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.g);
}
