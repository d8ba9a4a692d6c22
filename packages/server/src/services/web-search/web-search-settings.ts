import type { ToolAuthField } from '@parley/schema';
import type { WebSearchYaml } from '../../config/yaml-sections/web-search.ts';

export type SearchProvider = 'serper' | 'searxng';
export type ScraperType = 'firecrawl' | 'serper' | 'builtin';
export type RerankerType = 'jina' | 'cohere' | 'none';

/** The credential and address fields of the `webSearch` section (also the dialog's field names). */
export type WebSearchField =
  | 'serperApiKey'
  | 'serperApiUrl'
  | 'serperScrapeUrl'
  | 'searxngInstanceUrl'
  | 'searxngApiKey'
  | 'firecrawlApiKey'
  | 'firecrawlApiUrl'
  | 'jinaApiKey'
  | 'jinaApiUrl'
  | 'cohereApiKey'
  | 'cohereApiUrl';

/** The vendors' public addresses, used when parley.yaml does not name one. */
const DEFAULT_URLS: Partial<Record<WebSearchField, string>> = {
  serperApiUrl: 'https://google.serper.dev/search',
  serperScrapeUrl: 'https://scrape.serper.dev',
  firecrawlApiUrl: 'https://api.firecrawl.dev',
  jinaApiUrl: 'https://api.jina.ai/v1/rerank',
  cohereApiUrl: 'https://api.cohere.com/v2/rerank',
};

const FIELD_TEXT: Record<WebSearchField, Omit<ToolAuthField, 'authField'>> = {
  serperApiKey: {
    label: 'Serper API key',
    description: 'Your key from serper.dev, for search and scraping.',
  },
  serperApiUrl: { label: 'Serper search URL', description: 'Where Serper search requests go.' },
  serperScrapeUrl: { label: 'Serper scrape URL', description: 'Where Serper scrape requests go.' },
  searxngInstanceUrl: {
    label: 'SearXNG instance URL',
    description: 'The address of a SearXNG instance with JSON output enabled.',
  },
  searxngApiKey: { label: 'SearXNG API key', description: 'Only if your SearXNG instance requires one.' },
  firecrawlApiKey: {
    label: 'Firecrawl API key',
    description: 'Your key from firecrawl.dev, for reading pages.',
  },
  firecrawlApiUrl: { label: 'Firecrawl API URL', description: 'The address of a Firecrawl server.' },
  jinaApiKey: { label: 'Jina API key', description: 'Your key from jina.ai, for ranking passages.' },
  jinaApiUrl: { label: 'Jina rerank URL', description: 'Where Jina rerank requests go.' },
  cohereApiKey: { label: 'Cohere API key', description: 'Your key from cohere.com, for ranking passages.' },
  cohereApiUrl: { label: 'Cohere rerank URL', description: 'Where Cohere rerank requests go.' },
};

/** How Parley searches, as parley.yaml's `webSearch` section chose it. */
export interface WebSearchSettings {
  searchProvider: SearchProvider;
  scraperType: ScraperType;
  rerankerType: RerankerType;
  scraperTimeoutMs: number;
  safeSearch: 0 | 1 | 2;
  firecrawlOptions: Record<string, unknown>;
  /** What the operator set (or the vendors' public addresses), by field. */
  system: Partial<Record<WebSearchField, string>>;
  /** The fields the chosen vendors need that every user enters for themselves. */
  userFields: WebSearchField[];
}

export const DEFAULT_SCRAPER_TIMEOUT_MS = 7_500;

/** A value the operator left for each user: empty (an unset `${VAR}`) or `user_provided`. */
const isUserProvided = (value: string | undefined) => value === '' || value === 'user_provided';

export function resolveWebSearchSettings(yaml: WebSearchYaml): WebSearchSettings {
  const searchProvider: SearchProvider =
    yaml.searchProvider ??
    (yaml.searxngInstanceUrl !== undefined && yaml.serperApiKey === undefined ? 'searxng' : 'serper');
  const scraperType: ScraperType = yaml.scraperType ?? 'builtin';
  const rerankerType: RerankerType = yaml.rerankerType ?? 'none';
  const needed = new Set<WebSearchField>();
  if (searchProvider === 'serper') needed.add('serperApiKey').add('serperApiUrl');
  else needed.add('searxngInstanceUrl');
  if (scraperType === 'firecrawl') needed.add('firecrawlApiKey').add('firecrawlApiUrl');
  if (scraperType === 'serper') needed.add('serperApiKey').add('serperScrapeUrl');
  if (rerankerType === 'jina') needed.add('jinaApiKey').add('jinaApiUrl');
  if (rerankerType === 'cohere') needed.add('cohereApiKey').add('cohereApiUrl');

  const system: Partial<Record<WebSearchField, string>> = {};
  for (const field of Object.keys(FIELD_TEXT) as WebSearchField[]) {
    const value = yaml[field];
    if (value !== undefined && !isUserProvided(value)) system[field] = value;
    else if (value === undefined && DEFAULT_URLS[field]) system[field] = DEFAULT_URLS[field];
  }
  const userFields = [...needed].filter((field) => system[field] === undefined);
  return {
    searchProvider,
    scraperType,
    rerankerType,
    scraperTimeoutMs: yaml.scraperTimeout ?? DEFAULT_SCRAPER_TIMEOUT_MS,
    safeSearch: yaml.safeSearch ?? 1,
    firecrawlOptions: yaml.firecrawlOptions ?? {},
    system,
    userFields,
  };
}

/** The credential fields the tool asks each user for. */
export function webSearchAuthFields(settings: WebSearchSettings): ToolAuthField[] {
  return settings.userFields.map((authField) => ({ authField, ...FIELD_TEXT[authField] }));
}

/** A field's value for one run: the operator's, else the user's stored one. */
export function fieldValue(
  settings: WebSearchSettings,
  credentials: Record<string, string>,
  field: WebSearchField,
): string | undefined {
  return settings.system[field] ?? (credentials[field] || undefined);
}
