import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_CONFIG, tsQuery } from './search-text.ts';

/**
 * Highlighted snippets. `ts_headline` copies the user's text as it is, so its output cannot be
 * trusted as HTML: it marks hits with two private-use characters instead of tags, and
 * `toSnippetHtml` escapes everything before turning those markers into `<mark>` elements.
 */
const START = '\uE000';
const STOP = '\uE001';
const OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/** The headline of a text column for a search, with the markers above. */
export function headline(text: SQL | SQL.Aliased | unknown, search: string): SQL<string> {
  return sql<string>`ts_headline(${sql.raw(`'${SEARCH_CONFIG}'`)}, left(${text}, 100000), ${tsQuery(search)}, ${OPTIONS})`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escaped HTML in which only balanced `<mark>…</mark>` pairs are markup. Markers that were in the
 * user's own text cannot open a second mark or close one that is not open.
 */
export function toSnippetHtml(raw: string): string {
  let out = '';
  let open = false;
  for (const ch of raw) {
    if (ch === START) {
      if (!open) out += '<mark>';
      open = true;
    } else if (ch === STOP) {
      if (open) out += '</mark>';
      open = false;
    } else {
      out += ESCAPES[ch] ?? ch;
    }
  }
  return open ? out + '</mark>' : out;
}
