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
 * A source's site drawn without fetching anything from it: the first letter or digit of its host
 * and a hue derived from the host, so one site always gets the same tile. (A favicon loaded from
 * the site would tell it who reads the answer; see docs/architecture.md, "Web search".)
 */
export function siteInitial(link: string): { letter: string; hue: number } {
  const host = hostOf(link);
  const letter = (/[\p{L}\p{N}]/u.exec(host)?.[0] ?? '?').toUpperCase();
  let hash = 0;
  for (const char of host) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return { letter, hue: hash % 360 };
}
