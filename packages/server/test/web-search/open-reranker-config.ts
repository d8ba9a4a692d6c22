/**
 * The entries of parley.yaml's `webSearch` section (without its heading, indented under it) for
 * web search whose reranker each person picks: Serper searches and reads the pages with the
 * operator's key, and Jina or Cohere (none by default) ranks the passages with the person's own
 * key, all at the simulator (`SIM_URL`). Used by the API test and the Playwright spec alike.
 */
export const OPEN_RERANKER_WEB_SEARCH = `  searchProvider: serper
  serperApiKey: serper-operator
  serperApiUrl: SIM_URL/search
  scraperType: serper
  serperScrapeUrl: SIM_URL/scrape
  jinaApiKey: user_provided
  jinaApiUrl: SIM_URL/v1/rerank
  cohereApiKey: user_provided
  cohereApiUrl: SIM_URL/v2/rerank
`;

/** Whether a request the simulator received is a rerank (Jina's `/v1/rerank` or Cohere's `/v2/rerank`). */
export const isRerank = (request: { url: string }) => request.url.endsWith('/rerank');
