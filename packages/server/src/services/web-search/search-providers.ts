import { z } from 'zod';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import {
  MAX_HITS,
  validItems,
  vendorText,
  webUrl,
  type ImageHit,
  type SearchHit,
  type SearchResults,
} from './search-results.ts';
import { guardedRequest, readVendorJson, WebSearchStepError } from './upstream-call.ts';

/** How long a search engine gets to answer. */
export const SEARCH_TIMEOUT_MS = 15_000;

export interface SearchRequest {
  query: string;
  safeSearch: 0 | 1 | 2;
  signal: AbortSignal;
}

const searxngResult = z.looseObject({
  url: webUrl,
  title: vendorText(300),
  content: vendorText(1000),
  publishedDate: z.string().max(100).optional().catch(undefined),
  img_src: z.string().optional().catch(undefined),
});

const searxngAnswer = z.looseObject({ results: z.array(z.unknown()) });

/**
 * SearXNG's JSON API: `GET {instance}/search?q=…&format=json&safesearch=…`, asked for pages,
 * news and pictures at once. Only the pages are required; news or pictures that fail are left out.
 */
export async function searchSearxng(
  http: GuardedHttpClient,
  instanceUrl: string,
  apiKey: string | undefined,
  request: SearchRequest,
): Promise<SearchResults> {
  const ask = async (category: 'general' | 'news' | 'images') => {
    const url = new URL(`${instanceUrl.replace(/\/+$/, '')}/search`);
    url.searchParams.set('q', request.query);
    url.searchParams.set('format', 'json');
    url.searchParams.set('safesearch', String(request.safeSearch));
    url.searchParams.set('categories', category);
    const response = await guardedRequest(http, 'The SearXNG search', url.href, {
      headers: apiKey ? { 'X-API-Key': apiKey } : {},
      timeoutMs: SEARCH_TIMEOUT_MS,
      signal: request.signal,
    });
    const answer = searxngAnswer.safeParse(await readVendorJson(response, 'The SearXNG search'));
    if (!answer.success) throw new WebSearchStepError('The SearXNG search answered in an unexpected shape');
    return validItems(answer.data.results, searxngResult).slice(0, MAX_HITS);
  };
  const quietly = <T>(work: Promise<T[]>) => work.catch((): T[] => []);
  const [general, news, images] = await Promise.all([
    ask('general'),
    quietly(ask('news')),
    quietly(ask('images')),
  ]);
  const hit = (r: z.infer<typeof searxngResult>): SearchHit => ({
    title: r.title || r.url,
    link: r.url,
    snippet: r.content,
    ...(r.publishedDate ? { date: r.publishedDate } : {}),
  });
  return {
    organic: general.map(hit),
    topStories: news.map(hit),
    images: images.flatMap((r): ImageHit[] =>
      r.img_src && webUrl.safeParse(r.img_src).success
        ? [{ title: r.title, imageUrl: r.img_src, link: r.url }]
        : [],
    ),
  };
}

const serperOrganic = z.looseObject({
  link: webUrl,
  title: vendorText(300),
  snippet: vendorText(1000),
  date: z.string().max(100).optional().catch(undefined),
});
const serperStory = z.looseObject({
  link: webUrl,
  title: vendorText(300),
  source: vendorText(200),
  date: z.string().max(100).optional().catch(undefined),
  imageUrl: webUrl.optional().catch(undefined),
});
const serperImage = z.looseObject({ imageUrl: webUrl, link: webUrl, title: vendorText(300) });
const serperAnswer = z.looseObject({ organic: z.array(z.unknown()) });

/** Serper's Google search: `POST {url}` with `X-API-KEY`, pages, top stories and pictures in one answer. */
export async function searchSerper(
  http: GuardedHttpClient,
  url: string,
  apiKey: string,
  request: SearchRequest,
): Promise<SearchResults> {
  const response = await guardedRequest(http, 'The Serper search', url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-API-KEY': apiKey },
    body: JSON.stringify({
      q: request.query,
      num: MAX_HITS,
      safe: request.safeSearch === 0 ? 'off' : 'active',
    }),
    timeoutMs: SEARCH_TIMEOUT_MS,
    signal: request.signal,
  });
  const json = await readVendorJson(response, 'The Serper search');
  const answer = serperAnswer.safeParse(json);
  if (!answer.success) throw new WebSearchStepError('The Serper search answered in an unexpected shape');
  const body = answer.data as { organic: unknown[]; topStories?: unknown; images?: unknown };
  return {
    organic: validItems(body.organic, serperOrganic)
      .slice(0, MAX_HITS)
      .map((r) => ({
        title: r.title || r.link,
        link: r.link,
        snippet: r.snippet,
        ...(r.date ? { date: r.date } : {}),
      })),
    topStories: validItems(body.topStories, serperStory)
      .slice(0, MAX_HITS)
      .map((r) => ({
        title: r.title || r.link,
        link: r.link,
        snippet: '',
        ...(r.source ? { source: r.source } : {}),
        ...(r.date ? { date: r.date } : {}),
        ...(r.imageUrl ? { imageUrl: r.imageUrl } : {}),
      })),
    images: validItems(body.images, serperImage).slice(0, MAX_HITS),
  };
}
