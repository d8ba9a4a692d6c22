/** A numbered source of a web-search answer, as the server's `web_search` tool saves it. */
export interface WebSource {
  citation: number;
  title: string;
  link: string;
  snippet: string;
  date?: string;
  source?: string;
}

export interface WebImage {
  title: string;
  imageUrl: string;
  link: string;
}

/** The `web_search` tool's saved output: the sources tabs and the citations are drawn from it. */
export interface WebSearchResult {
  query: string;
  sources: WebSource[];
  topStories: WebSource[];
  images: WebImage[];
}

export const WEB_SEARCH_TOOL = 'web_search';

const httpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A web-search output read defensively (it was saved by a server, maybe an older one): only
 * entries with an http(s) link are kept, so no `javascript:` link ever reaches an anchor.
 */
export function parseWebSearchOutput(output: unknown): WebSearchResult | null {
  let value: unknown = output;
  if (typeof output === 'string') {
    try {
      value = JSON.parse(output);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { sources?: unknown }).sources))
    return null;
  const raw = value as { query?: unknown; sources: unknown[]; topStories?: unknown; images?: unknown };
  const source = (s: unknown, i: number): WebSource[] => {
    const o = (s ?? {}) as Record<string, unknown>;
    if (!httpUrl(o.link)) return [];
    return [
      {
        citation: typeof o.citation === 'number' ? o.citation : i + 1,
        title: text(o.title) || o.link,
        link: o.link,
        snippet: text(o.snippet),
        ...(o.date ? { date: text(o.date) } : {}),
        ...(o.source ? { source: text(o.source) } : {}),
      },
    ];
  };
  const list = (v: unknown) => (Array.isArray(v) ? v : []);
  return {
    query: text(raw.query),
    sources: raw.sources.flatMap(source),
    topStories: list(raw.topStories).flatMap(source),
    images: list(raw.images).flatMap((img: unknown) => {
      const o = (img ?? {}) as Record<string, unknown>;
      return httpUrl(o.imageUrl) && httpUrl(o.link)
        ? [{ title: text(o.title), imageUrl: o.imageUrl, link: o.link }]
        : [];
    }),
  };
}

/** The host a link points at, as a source card shows it. */
export function hostOf(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return link;
  }
}

/**
 * The answer's text with each `[n]` that names a source turned into a markdown link to it (its
 * title as the link's title), outside fenced and inline code. The link text keeps its brackets
 * unescaped (`[[1]](…)`, balanced brackets are allowed there): `\[1\]` would be read as LaTeX. `[n]` already followed by `(` is a
 * link the model wrote and stays as it is.
 */
export function linkCitations(markdown: string, sources: readonly WebSource[]): string {
  if (sources.length === 0) return markdown;
  const byNumber = new Map(sources.map((s) => [s.citation, s]));
  return markdown
    .split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/)
    .map((piece, i) =>
      i % 2 === 1
        ? piece
        : piece.replace(/\[(\d{1,3})\](?![(:[])/g, (whole, n: string) => {
            const found = byNumber.get(Number(n));
            if (!found) return whole;
            const title = found.title.replace(/["\\]/g, '');
            return `[[${n}]](${found.link.replace(/[()\s]/g, encodeURIComponent)} "${title}")`;
          }),
    )
    .join('');
}
