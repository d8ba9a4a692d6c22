// Scrapers over the fixed web, in two vendors' shapes. Neither fetches anything: the URL's path
// names a fixed-web page, whose text is returned as the vendor would extract it.
// - Firecrawl: `POST /v1/scrape` (Bearer key) `{ url, formats }` → `{ success, data: { markdown, metadata } }`;
// - Serper: `POST /scrape` (`X-API-KEY`) `{ url }` → `{ text, markdown, metadata }`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody, sendJson } from '../http.ts';
import { pageAt, pageText, type WebPage } from './fixed-web.ts';
import { sendTrouble, troubleIn } from './provider-trouble.ts';

type Lookup = { page: WebPage; url: string } | { status: number; error: string };

async function pageOfRequest(req: IncomingMessage, res: ServerResponse): Promise<Lookup | null> {
  const body = await readJsonBody(req);
  const url = body.ok ? (body.value as { url?: unknown }).url : undefined;
  if (typeof url !== 'string') return { status: 400, error: 'url is required' };
  if (sendTrouble(res, troubleIn(url))) return null;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return { status: 400, error: 'url is not a valid URL' };
  }
  const page = pageAt(path);
  return page ? { page, url } : { status: 404, error: `The page ${url} could not be scraped (404).` };
}

export async function handleFirecrawlScrape(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!/^Bearer \S+/.test(req.headers.authorization ?? ''))
    return sendJson(res, 401, { success: false, error: 'Unauthorized: Invalid token' });
  const found = await pageOfRequest(req, res);
  if (!found) return;
  if ('error' in found) return sendJson(res, found.status, { success: false, error: found.error });
  const { page, url } = found;
  sendJson(res, 200, {
    success: true,
    data: {
      markdown: `# ${page.title}\n\n${page.paragraphs.join('\n\n')}`,
      metadata: { title: page.title, description: page.snippet, sourceURL: url, url, statusCode: 200 },
    },
  });
}

export async function handleSerperScrape(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!req.headers['x-api-key']) return sendJson(res, 403, { message: 'Unauthorized.', statusCode: 403 });
  const found = await pageOfRequest(req, res);
  if (!found) return;
  if ('error' in found)
    return sendJson(res, found.status, { message: found.error, statusCode: found.status });
  const { page } = found;
  sendJson(res, 200, {
    text: pageText(page),
    markdown: `# ${page.title}\n\n${page.paragraphs.join('\n\n')}`,
    metadata: { title: page.title, description: page.snippet },
    credits: 1,
  });
}
