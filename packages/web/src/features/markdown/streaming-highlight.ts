import type { HighlightedLine } from './highlighter';

/** Highlighted tokens and the code they were computed from. */
export interface Highlighted {
  code: string;
  lines: HighlightedLine[];
}

/**
 * What to highlight next. A finished block: all of it. A block still streaming: its completed
 * lines only (up to the last line break), so a new request is due once per finished line, not once
 * per token, and the line being written stays plain until it ends. Null when nothing new is due.
 */
export function highlightTarget(code: string, streaming: boolean, done: string | undefined): string | null {
  const target = streaming ? code.slice(0, code.lastIndexOf('\n') + 1) : code;
  if (target === '' || target === done) return null;
  return target;
}

/**
 * What the block shows: the highlighted lines that still match the code (a streaming block only
 * grows; an edit elsewhere may change it, and then nothing highlighted is kept) and the plain text
 * after them. A highlighted prefix ending in a line break has an empty last line from the
 * highlighter, which the plain rest takes the place of.
 */
export function splitShown(
  code: string,
  highlighted: Highlighted | null,
): { lines: HighlightedLine[]; rest: string; complete: boolean } {
  if (!highlighted || !code.startsWith(highlighted.code)) return { lines: [], rest: code, complete: false };
  const trailingEmpty = highlighted.code.endsWith('\n') && highlighted.lines.at(-1)?.length === 0;
  return {
    lines: trailingEmpty ? highlighted.lines.slice(0, -1) : highlighted.lines,
    rest: code.slice(highlighted.code.length),
    complete: highlighted.code === code,
  };
}
