import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * The server's snippet marks matches with `<mark>` and escapes everything else; it is still
 * sanitised here, keeping nothing but `mark` (no attributes), so a bug on either side cannot
 * inject markup.
 */
export function sanitizeSnippet(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: ['mark'], ALLOWED_ATTR: [] });
}

export function HighlightedSnippet({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeSnippet(html), [html]);
  return (
    <p
      className="line-clamp-3 text-sm break-words text-fg-muted [&_mark]:rounded-sm [&_mark]:bg-amber-200/70 [&_mark]:px-0.5 [&_mark]:text-fg dark:[&_mark]:bg-amber-400/30"
      data-testid="search-snippet"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
