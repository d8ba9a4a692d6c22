import { z } from 'zod';
import { implemented } from './section.ts';

/**
 * A credential or address: a value set here (or through `${VAR}`) is the operator's, used for
 * everyone; an empty value (an unset `${VAR}`) or `user_provided` means each user enters their own
 * in the web-search credential dialog.
 */
const credential = z.string().max(10_000, 'must be at most 10000 characters').optional();

/** An address: empty or `user_provided` (asked from each user), otherwise an http(s) URL. */
const address = z
  .string()
  .optional()
  .refine(
    (value) => !value || value === 'user_provided' || /^https?:\/\/[^\s]+$/i.test(value),
    'must be an http:// or https:// URL',
  );

/** Firecrawl's scrape options passed on as they are (its `/v1/scrape` body fields). */
const firecrawlOptionsSchema = z.strictObject({
  formats: z
    .array(z.enum(['markdown', 'html', 'rawHtml', 'links']))
    .min(1)
    .optional(),
  onlyMainContent: z.boolean().optional(),
  includeTags: z.array(z.string()).optional(),
  excludeTags: z.array(z.string()).optional(),
  waitFor: z.number().int().min(0).max(60_000).optional(),
  timeout: z.number().int().min(1).max(300_000).optional(),
  blockAds: z.boolean().optional(),
  removeBase64Images: z.boolean().optional(),
  mobile: z.boolean().optional(),
  maxAge: z.number().int().min(0).optional(),
});

/**
 * `webSearch` (librechat.yaml 1.2.8, and Parley's additions): the `web_search` tool and the chat
 * badge. Search goes to SearXNG or Serper (`searchProvider`; SearXNG when only its instance is
 * given), pages are read by Firecrawl, by Serper's scraper, or — Parley's default, needing no key
 * — by Parley itself (`scraperType: builtin`: a guarded fetch and a main-text extractor), and the
 * passages found are ordered by Jina, Cohere or not at all (`rerankerType`, default `none`).
 * `serperApiUrl`, `serperScrapeUrl` and `cohereApiUrl` are Parley's: where those vendors are
 * reached (their public addresses by default), for self-hosted gateways and offline tests.
 * `scraperTimeout` bounds each page read (ms, default 7500); `safeSearch` is 0 off, 1 moderate
 * (default), 2 strict.
 */
export const webSearchYamlSchema = z.strictObject({
  serperApiKey: credential,
  serperApiUrl: address,
  serperScrapeUrl: address,
  searxngInstanceUrl: address,
  searxngApiKey: credential,
  firecrawlApiKey: credential,
  firecrawlApiUrl: address,
  firecrawlOptions: firecrawlOptionsSchema.optional(),
  jinaApiKey: credential,
  jinaApiUrl: address,
  cohereApiKey: credential,
  cohereApiUrl: address,
  searchProvider: z.enum(['serper', 'searxng'], { error: 'must be serper or searxng' }).optional(),
  scraperType: z
    .enum(['firecrawl', 'serper', 'builtin'], { error: 'must be firecrawl, serper or builtin' })
    .optional(),
  rerankerType: z.enum(['jina', 'cohere', 'none'], { error: 'must be jina, cohere or none' }).optional(),
  scraperTimeout: z
    .number()
    .int()
    .min(500, 'must be at least 500')
    .max(120_000, 'must be at most 120000')
    .optional(),
  safeSearch: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'must be 0, 1 or 2' }).optional(),
});
export type WebSearchYaml = z.infer<typeof webSearchYamlSchema>;

export const webSearchSection = implemented(webSearchYamlSchema);
