import type { WebSearchStep } from '@parley/schema';
import type { Reranker } from './rerankers.ts';
import type { Scraper } from './scrapers.ts';
import type { SearchHit, SearchResults } from './search-results.ts';
import type { SearchRequest } from './search-providers.ts';

/** How many of the found pages are read and offered to the model as sources. */
export const MAX_SOURCES = 5;
/** The most characters of one source's text the model gets. */
export const SOURCE_CHARS = 2_000;
/** Passages a page is cut into for ranking, in characters (cut at paragraph or sentence borders). */
const PASSAGE_CHARS = 600;
/** The most passages sent to a reranker at once. */
const MAX_PASSAGES = 100;

/** One numbered source of an answer: what the model cites as `[citation]` and the sources tab shows. */
export interface WebSource extends SearchHit {
  citation: number;
  /** The page's most relevant text, as the model read it. */
  content: string;
  /** Why the page itself could not be read (its snippet stands in). */
  readError?: string;
}

/** The `web_search` tool's result: the model reads it, the web app draws sources and citations from it. */
export interface WebSearchResult {
  query: string;
  sources: WebSource[];
  topStories: SearchHit[];
  images: SearchResults['images'];
  instructions: string;
  /** Steps that failed without failing the search (a reranker that did not answer). */
  notes?: string[];
}

export interface WebSearchSteps {
  search(request: SearchRequest): Promise<SearchResults>;
  scrape: Scraper;
  rerank?: Reranker;
  /** Told as each step begins, so the person sees how far the search got. */
  report?: (step: WebSearchStep) => void;
}

export const CITATION_INSTRUCTIONS =
  'Answer from these sources. Cite each fact with its source number in square brackets right after it, e.g. [1] or [2][3]. If the sources do not answer the question, say so.';

/**
 * One search: the engine's results, the first MAX_SOURCES pages read at once (a page that cannot
 * be read keeps its snippet and says why), the passages ordered by the reranker when there is one
 * (its failure falls back to the pages' own order), and each source's best passages.
 */
export async function runWebSearch(steps: WebSearchSteps, request: SearchRequest): Promise<WebSearchResult> {
  steps.report?.({ step: 'searching' });
  const found = await steps.search(request);
  const hits = found.organic.slice(0, MAX_SOURCES);
  if (hits.length > 0) steps.report?.({ step: 'reading', sources: hits.length });
  const pages = await Promise.all(
    hits.map((hit) =>
      steps.scrape(hit.link, request.signal).then(
        (page) => ({ text: page.text, title: page.title }),
        (error: unknown) => {
          if (request.signal.aborted) throw error;
          return { text: '', title: '', error: (error as Error).message };
        },
      ),
    ),
  );
  const notes: string[] = [];
  const passages = pages.flatMap((page, source) => passagesOf(page.text).map((text) => ({ source, text })));
  let order = passages.map((_, i) => i);
  if (steps.rerank && passages.length > 0) {
    steps.report?.({ step: 'reranking' });
    try {
      const ranked = await steps.rerank(
        request.query,
        passages.slice(0, MAX_PASSAGES).map((p) => p.text),
        request.signal,
      );
      order = [...ranked, ...order.filter((i) => !ranked.includes(i))];
    } catch (error) {
      if (request.signal.aborted) throw error;
      notes.push(`The passages are in page order: ${(error as Error).message}.`);
    }
  }
  const chosen = hits.map(() => [] as string[]);
  const length = hits.map(() => 0);
  for (const i of order) {
    const { source, text } = passages[i]!;
    if (length[source]! + text.length > SOURCE_CHARS) continue;
    chosen[source]!.push(text);
    length[source]! += text.length;
  }
  const sources = hits.map((hit, i): WebSource => {
    const page = pages[i]!;
    return {
      citation: i + 1,
      ...hit,
      title: hit.title || page.title || hit.link,
      content: chosen[i]!.join('\n…\n') || hit.snippet,
      ...('error' in page && page.error ? { readError: page.error } : {}),
    };
  });
  return {
    query: request.query,
    sources,
    topStories: found.topStories,
    images: found.images,
    instructions: sources.length ? CITATION_INSTRUCTIONS : 'The search found nothing; say so.',
    ...(notes.length ? { notes } : {}),
  };
}

/** A page's text cut into passages of about PASSAGE_CHARS at paragraph, then sentence borders. */
export function passagesOf(text: string): string[] {
  const passages: string[] = [];
  let current = '';
  const pieces = text
    .split(/\n+/)
    .flatMap((p) => (p.length > PASSAGE_CHARS ? (p.match(/[^.!?]+[.!?]*\s*/g) ?? [p]) : [p]))
    .map((p) => p.trim())
    .filter(Boolean);
  for (const piece of pieces) {
    const fitted = piece.slice(0, PASSAGE_CHARS);
    if (current && current.length + fitted.length + 1 > PASSAGE_CHARS) {
      passages.push(current);
      current = '';
    }
    current = current ? `${current} ${fitted}` : fitted;
  }
  if (current) passages.push(current);
  return passages;
}
