import { WEB_SEARCH_STEP_COUNT, webSearchStepIndex, webSearchStepMessage } from '@parley/schema';
import { z } from 'zod';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import type { Tool } from '../tools/tool.ts';
import { rerankerAt, type Reranker } from './rerankers.ts';
import { builtinScraper, firecrawlScraper, serperScraper, type Scraper } from './scrapers.ts';
import { searchSearxng, searchSerper } from './search-providers.ts';
import { runWebSearch, type WebSearchSteps } from './web-search-run.ts';
import type { WebSearchYaml } from '../../config/yaml-sections/web-search.ts';
import {
  fieldValue,
  resolveWebSearchSettings,
  webSearchAuthFields,
  type WebSearchField,
  type WebSearchSettings,
} from './web-search-settings.ts';
import { WebSearchStepError } from './upstream-call.ts';

export const WEB_SEARCH_TOOL = 'web_search';

const webSearchInput = z.strictObject({
  query: z.string().trim().min(1, 'query is required').max(400, 'query is at most 400 characters'),
});

/**
 * `web_search`: searches the web with the vendors parley.yaml chose, reads the best pages and
 * returns them as numbered sources for the model to cite (`[1]`). Every address it calls — the
 * vendors', a user's own SearXNG or Firecrawl instance, every page — goes through the guard.
 */
export function webSearchTool(yaml: WebSearchYaml, http: GuardedHttpClient): Tool<typeof webSearchInput> {
  const settings = resolveWebSearchSettings(yaml);
  return {
    name: WEB_SEARCH_TOOL,
    description:
      'Searches the web for current information and returns numbered sources with their text. Use it ' +
      'for recent events, facts you are unsure of, or when the user asks to look something up. Cite ' +
      'the sources you use with their number in square brackets, e.g. [1].',
    input: webSearchInput,
    authConfig: webSearchAuthFields(settings),
    choices: settings.choices,
    timeoutMs: 90_000,
    // The user's picks are stored with their credentials; parley.yaml's choice where it fixes one.
    run: ({ query }, context) =>
      runWebSearch(
        {
          ...webSearchSteps(resolveWebSearchSettings(yaml, context.credentials), http, context.credentials),
          report: (step) =>
            context.reportProgress?.({
              progress: webSearchStepIndex(step),
              total: WEB_SEARCH_STEP_COUNT,
              message: webSearchStepMessage(step),
            }),
        },
        {
          query,
          safeSearch: settings.safeSearch,
          signal: context.signal,
        },
      ),
  };
}

/** The search, scrape and rerank steps for one run, with the operator's or the user's values. */
export function webSearchSteps(
  settings: WebSearchSettings,
  http: GuardedHttpClient,
  credentials: Record<string, string>,
): WebSearchSteps {
  const value = (field: WebSearchField) => fieldValue(settings, credentials, field);
  const required = (field: WebSearchField) => {
    const found = value(field);
    if (!found) throw new WebSearchStepError(`web search needs ${field}, which is not set`);
    return found;
  };
  const timeout = settings.scraperTimeoutMs;
  const search: WebSearchSteps['search'] =
    settings.searchProvider === 'searxng'
      ? (request) => searchSearxng(http, required('searxngInstanceUrl'), value('searxngApiKey'), request)
      : (request) => searchSerper(http, required('serperApiUrl'), required('serperApiKey'), request);
  const scrape: Scraper =
    settings.scraperType === 'firecrawl'
      ? firecrawlScraper(
          http,
          required('firecrawlApiUrl'),
          required('firecrawlApiKey'),
          settings.firecrawlOptions,
          timeout,
        )
      : settings.scraperType === 'serper'
        ? serperScraper(http, required('serperScrapeUrl'), required('serperApiKey'), timeout)
        : builtinScraper(http, timeout);
  let rerank: Reranker | undefined;
  if (settings.rerankerType === 'jina')
    rerank = rerankerAt(http, 'Jina', required('jinaApiUrl'), required('jinaApiKey'));
  if (settings.rerankerType === 'cohere')
    rerank = rerankerAt(http, 'Cohere', required('cohereApiUrl'), required('cohereApiKey'));
  return { search, scrape, rerank };
}
