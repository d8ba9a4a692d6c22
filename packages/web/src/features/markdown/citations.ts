/** The fragment a citation marker's link carries: `#cite-1-2` cites sources 1 and 2. */
const CITE_PREFIX = '#cite-';
const CITE_HREF = /^#cite-(\d{1,3}(?:-\d{1,3})*)$/;

/** The source numbers a marker's link cites, or null for any other link. */
export function citedNumbers(href: string | undefined): number[] | null {
  const match = href ? CITE_HREF.exec(href) : null;
  return match ? match[1]!.split('-').map(Number) : null;
}

/**
 * The answer's text with each run of `[n]` markers that name known sources (`[1]`, `[1][2]`,
 * `[1, 2]`) turned into one markdown link to `#cite-…`, which the markdown renders as a citation
 * marker whose pop-up pages through those sources. Fenced and inline code are left alone, and a
 * `[n]` already followed by `(` is a link the model wrote and stays as it is.
 */
export function markCitations(markdown: string, known: ReadonlySet<number>): string {
  if (known.size === 0) return markdown;
  return markdown
    .split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/)
    .map((piece, i) =>
      i % 2 === 1
        ? piece
        : piece.replace(/(?<!\[)(?:\[\d{1,3}(?:\s*,\s*\d{1,3})*\])+(?![(:[\]])/g, (run) => {
            const numbers = [...new Set((run.match(/\d{1,3}/g) ?? []).map(Number))];
            const cited = numbers.filter((n) => known.has(n));
            if (cited.length === 0) return run;
            return `[[${cited.join(', ')}]](${CITE_PREFIX}${cited.join('-')})`;
          }),
    )
    .join('');
}
