// Search engines over the fixed web, in two vendors' shapes:
// - SearXNG: `GET /search?q=…&format=json[&categories=news|images]` → `{ query, results: [{ url, title, content, engine, … }] }`;
// - Serper: `POST /search` with `X-API-KEY` and `{ q, num?, safe? }` → `{ organic, topStories, images }`.
// Result URLs point at this simulator's `/web/…` pages, so a client can fetch what it found.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody, sendJson } from '../http.ts';
import { searchPages, WEB_PAGES, type WebPage } from './fixed-web.ts';
import { pauseIfSlow, sendTrouble, troubleIn } from './provider-trouble.ts';

/** `http://host:port` of this simulator as the client reached it. */
export function originOf(req: IncomingMessage): string {
  return `http://${req.headers.host ?? '127.0.0.1'}`;
}

/** The picture every page lists as its image result (a real PNG under /web/images). */
export function imageUrlOf(origin: string, page: WebPage): string {
  return `${origin}/web/images${page.path.slice('/web'.length)}.png`;
}

export async function handleSearxng(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const params = new URL(req.url ?? '/', 'http://sim').searchParams;
  const query = params.get('q') ?? '';
  if (params.get('format') !== 'json') {
    // A SearXNG instance without JSON output enabled answers 403 to format=json requests.
    return sendJson(res, 403, { error: 'format not allowed' });
  }
  await pauseIfSlow(query);
  if (sendTrouble(res, troubleIn(query))) return;
  const origin = originOf(req);
  const category = params.get('categories') ?? 'general';
  const pages = searchPages(query).filter((p) => category !== 'news' || p.news);
  const results = pages.map((page, i) =>
    category === 'images'
      ? {
          url: origin + page.path,
          title: page.title,
          img_src: imageUrlOf(origin, page),
          engine: 'sim',
          category,
        }
      : {
          url: origin + page.path,
          title: page.title,
          content: page.snippet,
          engine: 'sim',
          score: Number((1 / (i + 1)).toFixed(3)),
          category,
          ...(page.publishedDate ? { publishedDate: page.publishedDate } : {}),
        },
  );
  sendJson(res, 200, { query, number_of_results: results.length, results, answers: [], suggestions: [] });
}

export async function handleSerperSearch(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!req.headers['x-api-key']) return sendJson(res, 403, { message: 'Unauthorized.', statusCode: 403 });
  const body = await readJsonBody(req);
  const value = (body.ok ? body.value : {}) as { q?: unknown; num?: unknown };
  const q = value.q;
  if (typeof q !== 'string' || q.trim() === '')
    return sendJson(res, 400, { message: 'Missing query', statusCode: 400 });
  await pauseIfSlow(q);
  if (sendTrouble(res, troubleIn(q))) return;
  const num = Number(value.num) || 10;
  const origin = originOf(req);
  const pages = searchPages(q).slice(0, num);
  sendJson(res, 200, {
    searchParameters: { q, type: 'search', engine: 'google', num },
    organic: pages.map((page, i) => ({
      title: page.title,
      link: origin + page.path,
      snippet: page.snippet,
      position: i + 1,
      ...(page.publishedDate ? { date: page.publishedDate } : {}),
    })),
    topStories: pages
      .filter((p) => p.news)
      .map((page) => ({
        title: page.title,
        link: origin + page.path,
        source: 'Fixed Web News',
        date: page.publishedDate,
        imageUrl: imageUrlOf(origin, page),
      })),
    images: pages.map((page, i) => ({
      title: page.title,
      imageUrl: imageUrlOf(origin, page),
      link: origin + page.path,
      position: i + 1,
    })),
    credits: 1,
  });
}

/** Every page of the fixed web, for tests that want to know what exists. */
export const FIXED_WEB_PATHS = WEB_PAGES.map((p) => p.path);
