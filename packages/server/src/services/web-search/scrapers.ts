import { z } from 'zod';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import { guardedRequest, readBounded, readVendorJson, WebSearchStepError } from './upstream-call.ts';

/** What a scraper read from one page. */
export interface ScrapedPage {
  title: string;
  text: string;
}

/** The most bytes of one page Parley reads itself; a longer page is read up to here. */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** The most characters of one page's text kept. */
export const MAX_PAGE_CHARS = 20_000;

export type Scraper = (url: string, signal: AbortSignal) => Promise<ScrapedPage>;

const TEXT_TYPES = /^(text\/html|application\/xhtml\+xml|text\/plain|text\/markdown)\b/i;

/**
 * Parley's own scraper: the page fetched through the guard (every redirect checked), only text
 * types read, at most MAX_PAGE_BYTES of it, binary content refused, and the main text extracted.
 */
export function builtinScraper(http: GuardedHttpClient, timeoutMs: number): Scraper {
  return async (url, signal) => {
    const response = await guardedRequest(http, `Reading ${url}`, url, {
      headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.8' },
      timeoutMs,
      signal,
    });
    const type = response.headers.get('content-type') ?? '';
    if (!TEXT_TYPES.test(type)) {
      await response.body?.cancel().catch(() => undefined);
      throw new WebSearchStepError(`${url} is not a text page (${type.split(';')[0] || 'no content type'})`);
    }
    const { bytes } = await readBounded(response, MAX_PAGE_BYTES);
    if (bytes.subarray(0, 4096).includes(0))
      throw new WebSearchStepError(`${url} is not a text page (binary content)`);
    const body = new TextDecoder().decode(bytes);
    const page = /^text\/(plain|markdown)/i.test(type) ? { title: '', text: body } : await textOfHtml(body);
    return { title: page.title, text: page.text.slice(0, MAX_PAGE_CHARS) };
  };
}

const firecrawlAnswer = z.looseObject({
  success: z.literal(true),
  data: z.looseObject({
    markdown: z.string().optional(),
    html: z.string().optional(),
    metadata: z.looseObject({ title: z.unknown().optional() }).optional(),
  }),
});

/** Firecrawl: `POST {api}/v1/scrape` with the page's URL; it fetches and converts the page itself. */
export function firecrawlScraper(
  http: GuardedHttpClient,
  apiUrl: string,
  apiKey: string,
  options: Record<string, unknown>,
  timeoutMs: number,
): Scraper {
  return async (url, signal) => {
    const response = await guardedRequest(
      http,
      `Firecrawl reading ${url}`,
      `${apiUrl.replace(/\/+$/, '')}/v1/scrape`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({
          formats: ['markdown'],
          onlyMainContent: true,
          timeout: timeoutMs,
          ...options,
          url,
        }),
        timeoutMs,
        signal,
      },
    );
    const answer = firecrawlAnswer.safeParse(await readVendorJson(response, 'Firecrawl'));
    if (!answer.success) throw new WebSearchStepError(`Firecrawl could not read ${url}`);
    const { data } = answer.data;
    const title = typeof data.metadata?.title === 'string' ? data.metadata.title : '';
    const text = data.markdown ?? (data.html ? (await textOfHtml(data.html)).text : '');
    return { title, text: text.slice(0, MAX_PAGE_CHARS) };
  };
}

const serperScrapeAnswer = z.looseObject({
  text: z.string().optional(),
  markdown: z.string().optional(),
  metadata: z.looseObject({ title: z.unknown().optional() }).optional(),
});

/** Serper's scraper: `POST {url}` `{ url }` with `X-API-KEY`. */
export function serperScraper(
  http: GuardedHttpClient,
  scrapeUrl: string,
  apiKey: string,
  timeoutMs: number,
): Scraper {
  return async (url, signal) => {
    const response = await guardedRequest(http, `Serper reading ${url}`, scrapeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-API-KEY': apiKey },
      body: JSON.stringify({ url }),
      timeoutMs,
      signal,
    });
    const answer = serperScrapeAnswer.safeParse(await readVendorJson(response, 'Serper scrape'));
    const text = answer.success ? (answer.data.markdown ?? answer.data.text) : undefined;
    if (!answer.success || text === undefined) throw new WebSearchStepError(`Serper could not read ${url}`);
    const title = typeof answer.data.metadata?.title === 'string' ? answer.data.metadata.title : '';
    return { title, text: text.slice(0, MAX_PAGE_CHARS) };
  };
}

/** An HTML page's title and text; the HTML parser loads with the first page read, not at start-up. */
async function textOfHtml(html: string): Promise<{ title: string; text: string }> {
  const { pageText } = await import('./page-text.ts');
  return pageText(html);
}
