import type { ToolAuthField, ToolChoice } from '@parley/schema';
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

/** What a user may pick, per kind: every option unless parley.yaml fixes that kind. */
const OPTIONS = {
  searchProvider: ['searxng', 'serper'],
  scraperType: ['firecrawl', 'serper', 'builtin'],
  rerankerType: ['jina', 'cohere', 'none'],
} as const satisfies Record<string, readonly string[]>;
type ChoiceKind = keyof typeof OPTIONS;

/** How the options are named in the dialog (vendor names are not translated). */
const OPTION_LABELS: Record<string, string> = {
  searxng: 'SearXNG',
  serper: 'Serper',
  firecrawl: 'Firecrawl',
  builtin: 'Built-in reader',
  jina: 'Jina',
  cohere: 'Cohere',
  none: 'None',
};

/** The fields each option's vendor is reached with. */
const OPTION_FIELDS: Record<ChoiceKind, Record<string, WebSearchField[]>> = {
  searchProvider: { serper: ['serperApiKey', 'serperApiUrl'], searxng: ['searxngInstanceUrl'] },
  scraperType: {
    firecrawl: ['firecrawlApiKey', 'firecrawlApiUrl'],
    serper: ['serperApiKey', 'serperScrapeUrl'],
    builtin: [],
  },
  rerankerType: { jina: ['jinaApiKey', 'jinaApiUrl'], cohere: ['cohereApiKey', 'cohereApiUrl'], none: [] },
};

/** How Parley searches: parley.yaml's `webSearch` section, with a user's picks where it leaves them open. */
export interface WebSearchSettings {
  searchProvider: SearchProvider;
  scraperType: ScraperType;
  rerankerType: RerankerType;
  scraperTimeoutMs: number;
  safeSearch: 0 | 1 | 2;
  firecrawlOptions: Record<string, unknown>;
  /** What the operator set (or the vendors' public addresses), by field. */
  system: Partial<Record<WebSearchField, string>>;
  /**
   * The fields each user enters for themselves, for any option they may pick; a field of an open
   * choice says which picks need it (`shownFor`).
   */
  userFields: ToolAuthField[];
  /** The three choices with the options parley.yaml allows (one option when it fixes the kind). */
  choices: ToolChoice[];
}

export const DEFAULT_SCRAPER_TIMEOUT_MS = 7_500;

/** A value the operator left for each user: empty (an unset `${VAR}`) or `user_provided`. */
const isUserProvided = (value: string | undefined) => value === '' || value === 'user_provided';

/** The kind's default: parley.yaml's value, else SearXNG when only its instance is given, no reranker and Parley's own reader. */
function defaults(yaml: WebSearchYaml): Record<ChoiceKind, string> {
  return {
    searchProvider:
      yaml.searchProvider ??
      (yaml.searxngInstanceUrl !== undefined && yaml.serperApiKey === undefined ? 'searxng' : 'serper'),
    scraperType: yaml.scraperType ?? 'builtin',
    rerankerType: yaml.rerankerType ?? 'none',
  };
}

function choicesOf(yaml: WebSearchYaml): ToolChoice[] {
  const fallback = defaults(yaml);
  return (Object.keys(OPTIONS) as ChoiceKind[]).map((kind) => {
    const fixed = yaml[kind];
    const values: readonly string[] = fixed ? [fixed] : OPTIONS[kind];
    return {
      name: kind,
      options: values.map((value) => ({ value, label: OPTION_LABELS[value] ?? value })),
      defaultValue: fallback[kind],
    };
  });
}

/** The fields users enter: those of every allowed option that the operator did not set. */
function userFieldsOf(choices: ToolChoice[], system: WebSearchSettings['system']): ToolAuthField[] {
  const shownFor = new Map<WebSearchField, { choice: string; value: string }[]>();
  for (const choice of choices) {
    for (const { value } of choice.options) {
      for (const field of OPTION_FIELDS[choice.name as ChoiceKind][value] ?? []) {
        if (system[field] === undefined)
          shownFor.set(field, [...(shownFor.get(field) ?? []), { choice: choice.name, value }]);
      }
    }
  }
  const open = new Set(choices.filter((c) => c.options.length > 1).map((c) => c.name));
  return [...shownFor].map(([authField, when]) => ({
    authField,
    ...FIELD_TEXT[authField],
    // A field any pick of the fixed kinds needs is always asked for.
    ...(when.some((w) => !open.has(w.choice)) ? {} : { shownFor: when }),
  }));
}

/**
 * The settings for one user: `picks` (their stored `searchProvider`, `scraperType` and
 * `rerankerType`) apply where parley.yaml allows them; anything else is the configured default.
 */
export function resolveWebSearchSettings(
  yaml: WebSearchYaml,
  picks: Partial<Record<string, string>> = {},
): WebSearchSettings {
  const choices = choicesOf(yaml);
  const chosen = Object.fromEntries(
    choices.map((c) => {
      const pick = picks[c.name];
      return [c.name, c.options.some((o) => o.value === pick) ? pick : c.defaultValue];
    }),
  ) as Record<ChoiceKind, string>;

  const system: Partial<Record<WebSearchField, string>> = {};
  for (const field of Object.keys(FIELD_TEXT) as WebSearchField[]) {
    const value = yaml[field];
    if (value !== undefined && !isUserProvided(value)) system[field] = value;
    else if (value === undefined && DEFAULT_URLS[field]) system[field] = DEFAULT_URLS[field];
  }
  return {
    searchProvider: chosen.searchProvider as SearchProvider,
    scraperType: chosen.scraperType as ScraperType,
    rerankerType: chosen.rerankerType as RerankerType,
    scraperTimeoutMs: yaml.scraperTimeout ?? DEFAULT_SCRAPER_TIMEOUT_MS,
    safeSearch: yaml.safeSearch ?? 1,
    firecrawlOptions: yaml.firecrawlOptions ?? {},
    system,
    userFields: userFieldsOf(choices, system),
    choices,
  };
}

/** The credential fields the tool asks each user for. */
export function webSearchAuthFields(settings: WebSearchSettings): ToolAuthField[] {
  return settings.userFields;
}

/** A field's value for one run: the operator's, else the user's stored one. */
export function fieldValue(
  settings: WebSearchSettings,
  credentials: Record<string, string>,
  field: WebSearchField,
): string | undefined {
  return settings.system[field] ?? (credentials[field] || undefined);
}
