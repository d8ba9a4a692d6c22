// A small fixed web the search, scrape and rerank endpoints answer from, served under `/web/…`, so
// every web-search path can be tested offline. Besides ordinary articles it holds the pages a
// fetcher must survive: huge, binary, slow, failing, a redirect loop and a redirect to a private
// address.

export interface WebPage {
  /** The path under the simulator's origin, e.g. `/web/otters`. */
  path: string;
  title: string;
  /** A one-sentence summary, as a search engine's snippet shows it. */
  snippet: string;
  /** The article's paragraphs; the page's HTML wraps them in navigation and scripts to strip. */
  paragraphs: string[];
  /** Listed under Serper's `topStories` (news) as well as its organic results. */
  news?: boolean;
  publishedDate?: string;
}

export const WEB_PAGES: readonly WebPage[] = [
  {
    path: '/web/otters',
    title: 'Sea otters use tools',
    snippet: 'Sea otters crack shellfish open with stones they keep in a pouch of skin.',
    paragraphs: [
      'Sea otters are among the few mammals that use tools: they float on their backs and crack clams, mussels and urchins on a stone balanced on the chest.',
      'An otter keeps its favourite stone in a loose pouch of skin under the forearm and uses it for years.',
      'Otters hold hands while they sleep so that they do not drift apart; a group of resting otters is called a raft.',
    ],
  },
  {
    path: '/web/otter-census',
    title: 'Otter census counts more rafts this year',
    snippet: 'The yearly sea otter census found the population growing along the coast.',
    paragraphs: [
      'The yearly sea otter census counted more rafts along the coast than last year, the third rise in a row.',
      'Researchers credit the recovery of kelp forests, where otters rest and hunt.',
    ],
    news: true,
    publishedDate: '2026-11-20',
  },
  {
    path: '/web/solar',
    title: 'How solar panels make electricity',
    snippet: 'Photovoltaic cells turn sunlight into direct current through the photoelectric effect.',
    paragraphs: [
      'A solar panel is made of photovoltaic cells, thin wafers of silicon that release electrons when sunlight strikes them.',
      'The cells produce direct current; an inverter turns it into the alternating current that homes use.',
      'Panels lose a little efficiency each year, typically about half a percent.',
    ],
  },
  {
    path: '/web/tea',
    title: 'Brewing green tea',
    snippet: 'Green tea tastes best brewed with water below boiling, around 75 to 80 degrees.',
    paragraphs: [
      'Green tea turns bitter in boiling water; brew it at 75 to 80 degrees Celsius for two to three minutes.',
      'Japanese sencha is steamed after picking, Chinese green teas are usually pan-fired.',
    ],
  },
  {
    path: '/web/kelp',
    title: 'Kelp forests and the animals that live in them',
    snippet: 'Kelp forests shelter fish, urchins and otters, which keep urchins from overgrazing.',
    paragraphs: [
      'Kelp forests grow in cold, nutrient-rich water and can rise thirty metres from the sea floor.',
      'Sea otters eat the urchins that graze on kelp, so where otters thrive the forests do too.',
    ],
  },
  {
    // Longer than one rerank passage (about 600 characters): the passage about the lens comes
    // second in the page, so a reranker asked about the lens puts it first and a page-order
    // reading does not. Its words are kept apart from the other pages' queries.
    path: '/web/lighthouse',
    title: 'Lighthouse keepers and their lights',
    snippet: 'For two centuries every lighthouse had keepers; a rotating Fresnel lens makes its flash.',
    paragraphs: [
      'For two centuries a lighthouse needed keepers who lived beside it in all weathers, trimming wicks, polishing brass and writing the log of passing ships.',
      'Keepers kept watch in shifts through the night; many stations housed three families, who grew vegetables in walled gardens and rowed ashore for supplies once a month.',
      'Most stations were automated late in the twentieth century, and the last keepers left their towers in the nineteen-nineties.',
      'The light itself comes from a Fresnel lens: rings of glass prisms that bend a small lamp into one narrow beam, and a clockwork rotation of the lens makes that beam sweep the horizon as a flash.',
      'Each lighthouse has its own rhythm of flashes, so sailors can tell one from another at night by counting the seconds between them.',
    ],
  },
];

/** Pages that misbehave, for the fetcher's bad-input tests. */
export const HOSTILE_PAGES = {
  /** About 12 MB of text, sent in pieces. */
  huge: '/web/huge',
  /** Random-looking bytes served as application/octet-stream. */
  binary: '/web/binary',
  /** Answers after 30 s (or never, if the client leaves first). */
  slow: '/web/slow',
  /** 500 with an HTML error page. */
  error: '/web/error',
  /** Redirects to itself forever. */
  loop: '/web/loop',
  /** Redirects to a private address (10.0.0.1). */
  privateRedirect: '/web/private-redirect',
  /** Redirects to the loopback address through its IPv4-mapped IPv6 form. */
  mappedRedirect: '/web/mapped-redirect',
} as const;

/** The page at `path`, or undefined. */
export function pageAt(path: string): WebPage | undefined {
  return WEB_PAGES.find((p) => p.path === path);
}

/** The page's full text, as a scraper extracts it. */
export function pageText(page: WebPage): string {
  return [page.title, '', ...page.paragraphs].join('\n');
}

/** The page as a browser gets it: the article inside navigation, scripts and a footer. */
export function pageHtml(page: WebPage): string {
  const article = page.paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${page.title}</title>
<script>window.tracking = "this script is not part of the article";</script>
<style>body { font-family: serif; }</style></head>
<body><nav><a href="/web">Home</a> | <a href="/web/about">About this site</a></nav>
<article><h1>${page.title}</h1>
${article}
</article>
<footer>Copyright the fixed web. Cookie settings.</footer></body></html>`;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-case words of a text, for the deterministic relevance the endpoints rank by. */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).filter((w) => w.length > 2);
}

/** How many of the query's words occur in `text`, divided by the number of query words (0–1). */
export function overlapScore(query: string, text: string): number {
  const queryWords = new Set(wordsOf(query));
  if (queryWords.size === 0) return 0;
  const textWords = new Set(wordsOf(text));
  let hits = 0;
  for (const word of queryWords) if (textWords.has(word) || textWords.has(word.replace(/s$/, ''))) hits++;
  return hits / queryWords.size;
}

/** How often the query's words occur in `text`: breaks ties between pages that share the words. */
function frequency(query: string, text: string): number {
  const queryWords = new Set(wordsOf(query));
  return wordsOf(text).filter((w) => queryWords.has(w) || queryWords.has(`${w}s`)).length;
}

/**
 * The pages matching a query, best first: the share of query words the page contains, then the
 * share its title contains, then how often they occur (at least one query word must occur).
 */
export function searchPages(query: string): WebPage[] {
  return WEB_PAGES.map((page) => {
    const text = `${pageText(page)} ${page.snippet}`;
    const coverage = overlapScore(query, text);
    const score =
      coverage === 0
        ? 0
        : coverage * 100 + overlapScore(query, page.title) * 10 + frequency(query, text) / 100;
    return { page, score };
  })
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.page.path.localeCompare(b.page.path))
    .map((hit) => hit.page);
}
