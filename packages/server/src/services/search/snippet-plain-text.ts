/**
 * A search snippet is read as plain text, but messages are markdown: without this, hits show raw
 * `##`, table pipes and code fences. The markup is dropped and what it wraps kept, line by line,
 * before the snippet is escaped; the hit markers (private-use characters) pass through untouched.
 */
export function snippetPlainText(markdown: string): string {
  return markdown
    .split('\n')
    .map(plainLine)
    .filter((line) => line.trim() !== '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Markup at the start of a line: headings, quotes, list bullets and numbers, task boxes. */
const LINE_START = /^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+)+/;
/** A code fence line (``` or ~~~, with its language), or a table's separator row. */
const FENCE_OR_RULE =
  /^\s*(?:(?:```|~~~)[\w+#.-]*\s*|\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*|[-*_]{3,}\s*)$/;

function plainLine(line: string): string {
  if (FENCE_OR_RULE.test(line)) return '';
  return (
    line
      .replace(LINE_START, '')
      // Images and links keep their text: ![alt](src) → alt, [text](href) → text.
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      // Emphasis, strike-through and inline code marks around words; a lone `*` between spaces
      // is arithmetic, not emphasis, and stays.
      .replace(/\*\*|__|~~|`+/g, '')
      .replace(/\*(?=\S)|(?<=\S)\*/g, '')
      // Table cells: the pipes between them become spaces.
      .replace(/\s*\|\s*/g, ' ')
  );
}
