// Web search end to end: parley.yaml's `webSearch` section against the simulator's SearXNG,
// Firecrawl, Serper, Jina and Cohere shapes, the `web_search` tool turned on by a chat's ephemeral
// agent, the cited answer, /api/config and the tools list, user-provided credentials and picks, and
// the guard.
import type { ReceivedRequest, RequestObserver } from '@parley/llm-sim';
import type { ContentPart, StartupConfig, ToolEntry } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateRolePermissions } from '../../src/services/roles/role-service.ts';
import { startChatFixture, type ChatFixture } from '../chat/chat-fixture.ts';
import { finalOf, type SseEvent } from '../chat/sse-client.ts';
import type { TestUser } from '../helpers/test-users.ts';
import { isRerank, OPEN_RERANKER_WEB_SEARCH } from './open-reranker-config.ts';

interface WebSearchOutput {
  query: string;
  sources: { citation: number; title: string; link: string; content: string }[];
  notes?: string[];
  topStories: { link: string }[];
  images: { imageUrl: string }[];
}

const toolCallOf = (events: SseEvent[]) => {
  const content = finalOf(events)!.responseMessage.content as ContentPart[];
  return content.find((p) => p.type === 'tool_call')?.tool_call as
    { name: string; output: string; progress: number } | undefined;
};

/**
 * Starts a chat server (with the simulator) whose parley.yaml holds the given `webSearch`
 * section, before the calling describe's tests, and stops it after them. Loopback is allowed as
 * a user-provided base URL so that the simulator can stand in for user-provided vendors.
 */
function useWebSearchServer(
  webSearchYaml: string,
  onStarted: (chat: ChatFixture) => void,
  options: { env?: Record<string, string>; onSimRequest?: RequestObserver } = {},
): void {
  let chat: ChatFixture | undefined;
  beforeAll(async () => {
    chat = await startChatFixture({
      env: { USER_BASE_URL_ALLOWLIST: '127.0.0.1', ...options.env },
      extraYaml: `\nwebSearch:${webSearchYaml}`,
      onSimRequest: options.onSimRequest,
    });
    onStarted(chat);
  });
  afterAll(() => chat?.stop());
}

/** Saves a user's own web search values (keys, instance URL) as the credential form does. */
const saveWebSearchKeys = (chat: ChatFixture, user: TestUser, auth: Record<string, string>) =>
  chat.server.api('/api/user/plugins', {
    method: 'POST',
    token: user.token,
    json: { pluginKey: 'web_search', action: 'install', auth },
  });

/** Asks the citing `web-search` model with web search turned on, as `user` (Alice unless given). */
const askWithWebSearch = async (chat: ChatFixture, text: string, user?: TestUser) =>
  (
    await chat.send(
      { text, model: 'web-search', ephemeralAgent: { web_search: true } },
      { token: user?.token },
    )
  ).rest();

/** The web search result the answer's tool call holds. */
const searchOutputOf = (events: SseEvent[]) => JSON.parse(toolCallOf(events)!.output) as WebSearchOutput;

/** A user's entry for web search in the tools list (auth state, choices, saved fields). */
const webSearchEntry = async (chat: ChatFixture, user: TestUser) =>
  ((await (await chat.server.api('/api/agents/tools', { token: user.token })).json()) as ToolEntry[]).find(
    (t) => t.pluginKey === 'web_search',
  )!;

describe('web search configured with operator keys (SearXNG, Firecrawl, Jina)', () => {
  let chat: ChatFixture;
  useWebSearchServer(
    `
  searchProvider: searxng
  searxngInstanceUrl: SIM_URL
  scraperType: firecrawl
  firecrawlApiUrl: SIM_URL
  firecrawlApiKey: fc-operator
  rerankerType: jina
  jinaApiUrl: SIM_URL/v1/rerank
  jinaApiKey: jina-operator
`,
    (started) => (chat = started),
  );

  it('announces web search in /api/config (vendors only, no keys or addresses) and lists the tool', async () => {
    const config = (await (await chat.server.api('/api/config')).json()) as StartupConfig;
    expect(config.interface.webSearch).toBe(true);
    expect(config.webSearch).toEqual({
      searchProvider: 'searxng',
      scraperType: 'firecrawl',
      rerankerType: 'jina',
      safeSearch: 1,
    });
    const tools = (await (
      await chat.server.api('/api/agents/tools', { token: chat.alice.token })
    ).json()) as ToolEntry[];
    expect(tools.find((t) => t.pluginKey === 'web_search')).toMatchObject({
      authConfig: [],
      authenticated: true,
    });
  });

  it('answers with numbered sources the model cites, saved in the answer', async () => {
    const events = await askWithWebSearch(chat, 'Do sea otters use tools?');
    const call = toolCallOf(events)!;
    expect(call).toMatchObject({ name: 'web_search', progress: 1 });
    const output = JSON.parse(call.output) as WebSearchOutput;
    expect(output.query).toBe('Do sea otters use tools?');
    expect(output.sources[0]).toMatchObject({
      citation: 1,
      title: 'Sea otters use tools',
      link: `${chat.sim.url}/web/otters`,
    });
    expect(output.sources[0]!.content).toContain('crack clams');
    expect(output.topStories.map((s) => s.link)).toContain(`${chat.sim.url}/web/otter-census`);
    expect(output.images.length).toBeGreaterThan(0);
    const final = finalOf(events)!;
    expect(final.responseMessage.text).toMatch(/^Here is what the web says\. Sea otters use tools \[1\]\./);
  });

  it('streams its steps as the progress of its call, beginning with searching', async () => {
    const events = await askWithWebSearch(chat, 'otters');
    // Reports closer together than the stream's progress interval are dropped; the first never is.
    const messages = events.flatMap((e) => {
      const message = (e.data as { data?: { delta?: { progress_message?: unknown } } }).data?.delta
        ?.progress_message;
      return typeof message === 'string' ? [message] : [];
    });
    expect(messages[0]).toBe('Searching the web');
    for (const message of messages.slice(1))
      expect(message).toMatch(/^Reading \d+ sources?$|^Reranking the passages$/);
  });

  it("is turned on by the conversation's own web_search field (LibreChat's model parameter)", async () => {
    const events = await (
      await chat.send({ text: 'Do sea otters use tools?', model: 'web-search', web_search: true })
    ).rest();
    // Run, unlike a call the chat did not turn on (no output then).
    expect(toolCallOf(events)).toMatchObject({ name: 'web_search', progress: 1 });
    expect(toolCallOf(events)!.output).toContain('Sea otters use tools');
    expect(finalOf(events)!.conversation.web_search).toBe(true);
  });

  it('is not run when the chat did not turn it on', async () => {
    const events = await (await chat.send({ text: 'otters', model: 'web-search' })).rest();
    // No tools offered: the model's call is kept as it asked, and nothing ran it.
    expect(toolCallOf(events)).toMatchObject({ name: 'web_search' });
    expect(toolCallOf(events)!.output).toBeUndefined();
  });

  it('is refused to a role without WEB_SEARCH.USE', async () => {
    await updateRolePermissions(chat.server.ctx.db, 'USER', 'WEB_SEARCH', { USE: false });
    try {
      const stream = await chat.send({
        text: 'otters',
        model: 'web-search',
        ephemeralAgent: { web_search: true },
      });
      expect(stream.response.status).toBe(403);
    } finally {
      await updateRolePermissions(chat.server.ctx.db, 'USER', 'WEB_SEARCH', { USE: true });
    }
  });

  it('a failing search ends the answer cleanly with the reason', async () => {
    const events = await askWithWebSearch(chat, 'otters sim-500');
    expect(toolCallOf(events)!.output).toContain('The SearXNG search answered HTTP 500');
    expect(finalOf(events)!.responseMessage.text).toContain('nothing to cite');
  });
});

describe('web search with keys each user provides (Serper search and scrape, SearXNG instance)', () => {
  let chat: ChatFixture;
  useWebSearchServer(
    `
  searchProvider: serper
  serperApiKey: \${SERPER_KEY_UNSET}
  serperApiUrl: SIM_URL/search
  scraperType: serper
  serperScrapeUrl: SIM_URL/scrape
`,
    (started) => (chat = started),
    { env: { SERPER_KEY_UNSET: '' } },
  );

  it('asks each user for the Serper key, and uses the one they saved', async () => {
    const before = await webSearchEntry(chat, chat.alice);
    // The reranker is left open: its keys are asked for only once one is picked.
    expect(before.authConfig.filter((f) => !f.shownFor).map((f) => f.authField)).toEqual(['serperApiKey']);
    expect(before.authenticated).toBe(false);
    expect((await saveWebSearchKeys(chat, chat.alice, { serperApiKey: 'alice-key' })).status).toBeLessThan(
      300,
    );
    expect((await webSearchEntry(chat, chat.alice)).authenticated).toBe(true);
    expect((await webSearchEntry(chat, chat.bob)).authenticated).toBe(false);

    const events = await askWithWebSearch(chat, 'How do solar panels work?');
    const output = searchOutputOf(events);
    expect(output.sources[0]).toMatchObject({ title: 'How solar panels make electricity' });
    expect(output.sources[0]!.content).toContain('inverter');
    expect(finalOf(events)!.responseMessage.text).toContain('How solar panels make electricity [1].');
  });

  it('reports the config without a searchable key or address', async () => {
    const text = await (await chat.server.api('/api/config')).text();
    expect(text).not.toContain(chat.sim.url);
    expect(JSON.parse(text).webSearch).toEqual({
      searchProvider: 'serper',
      scraperType: 'serper',
      safeSearch: 1,
    });
  });
});

describe('a user-provided SearXNG instance goes through the guard', () => {
  let chat: ChatFixture;
  useWebSearchServer(
    `
  searchProvider: searxng
  searxngInstanceUrl: user_provided
`,
    (started) => (chat = started),
  );

  it.each([
    ['a private address', 'http://10.0.0.1:8080'],
    ['an IPv4-mapped private address', 'http://[::ffff:192.168.1.1]'],
    ['a redirect to a private address', 'SIM/web/private-redirect?'],
  ])('refuses %s', async (_label, instance) => {
    const url = instance.replace('SIM', chat.sim.url);
    await saveWebSearchKeys(chat, chat.alice, { searxngInstanceUrl: url });
    const events = await askWithWebSearch(chat, 'otters');
    const output = toolCallOf(events)!.output;
    expect(output).toMatch(/was refused|answered HTTP 4/);
    if (!instance.startsWith('SIM')) expect(output).toContain('was refused');
  });
});

describe("each user's own choice of search provider and scraper, among those parley.yaml allows", () => {
  let chat: ChatFixture;
  const install = (user: TestUser, auth: Record<string, string>) => saveWebSearchKeys(chat, user, auth);
  const entry = (user: TestUser) => webSearchEntry(chat, user);
  const searchSolar = async () => searchOutputOf(await askWithWebSearch(chat, 'How do solar panels work?'));

  // The provider and scraper are left open, the reranker fixed. Firecrawl's address is a closed
  // port, so a Firecrawl pick shows as pages that could not be read (sources keep only their
  // snippet), while the built-in reader reads the whole page.
  useWebSearchServer(
    `
  serperApiKey: user_provided
  serperApiUrl: SIM_URL/search
  serperScrapeUrl: SIM_URL/scrape
  searxngInstanceUrl: user_provided
  firecrawlApiKey: user_provided
  firecrawlApiUrl: http://127.0.0.1:9
  rerankerType: none
`,
    (started) => (chat = started),
  );

  it('offers the open choices with the fields each option needs', async () => {
    const before = await entry(chat.alice);
    expect(before.choices?.map((c) => [c.name, c.options.map((o) => o.value), c.value])).toEqual([
      ['searchProvider', ['searxng', 'serper'], 'serper'],
      ['scraperType', ['firecrawl', 'serper', 'builtin'], 'builtin'],
    ]);
    expect(Object.fromEntries(before.authConfig.map((f) => [f.authField, f.shownFor]))).toEqual({
      searxngInstanceUrl: [{ choice: 'searchProvider', value: 'searxng' }],
      serperApiKey: [
        { choice: 'searchProvider', value: 'serper' },
        { choice: 'scraperType', value: 'serper' },
      ],
      firecrawlApiKey: [{ choice: 'scraperType', value: 'firecrawl' }],
    });
    expect(before.authenticated).toBe(false);
    expect(before.savedFields).toBeUndefined();
  });

  it("uses the user's picks: SearXNG with the built-in reader, then Firecrawl, then Serper", async () => {
    // SearXNG needs only the instance; Serper (the default) would need a key nobody saved.
    const saved = await install(chat.alice, { searchProvider: 'searxng', searxngInstanceUrl: chat.sim.url });
    expect(saved.status).toBeLessThan(300);
    const picked = await entry(chat.alice);
    expect(picked.authenticated).toBe(true);
    expect(picked.choices?.map((c) => c.value)).toEqual(['searxng', 'builtin']);
    expect(picked.savedFields).toEqual(['searxngInstanceUrl']);
    expect((await entry(chat.bob)).choices?.map((c) => c.value)).toEqual(['serper', 'builtin']);
    let output = await searchSolar();
    expect(output.sources[0]!.content).toContain('inverter');

    // Firecrawl now reads the pages (and cannot reach them); the SearXNG instance is kept.
    expect((await install(chat.alice, { scraperType: 'firecrawl' })).status).toBe(400);
    expect(
      (await install(chat.alice, { scraperType: 'firecrawl', firecrawlApiKey: 'fc-alice' })).status,
    ).toBeLessThan(300);
    output = await searchSolar();
    expect(output.sources[0]!.content).toContain('Photovoltaic cells');
    expect(output.sources[0]!.content).not.toContain('inverter');

    // Serper search and scrape with Alice's key; her SearXNG and Firecrawl values stay saved.
    expect(
      (
        await install(chat.alice, {
          searchProvider: 'serper',
          scraperType: 'serper',
          serperApiKey: 'alice-key',
        })
      ).status,
    ).toBeLessThan(300);
    output = await searchSolar();
    expect(output.sources[0]!.content).toContain('inverter');
    expect((await entry(chat.alice)).savedFields).toEqual([
      'searxngInstanceUrl',
      'serperApiKey',
      'firecrawlApiKey',
    ]);
  });

  it('refuses a pick parley.yaml does not allow, or an unknown one, with a 400 naming the choice', async () => {
    const fixed = await install(chat.bob, {
      rerankerType: 'jina',
      searchProvider: 'searxng',
      searxngInstanceUrl: chat.sim.url,
    });
    expect(fixed.status).toBe(400);
    expect(JSON.stringify(await fixed.json())).toContain('auth.rerankerType');
    const unknown = await install(chat.bob, { searchProvider: 'bing', searxngInstanceUrl: chat.sim.url });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain('this server allows only: searxng, serper');
    expect((await entry(chat.bob)).authenticated).toBe(false);
  });
});

describe("each user's own reranker: Jina for one, Cohere for another, each with their own key", () => {
  let chat: ChatFixture;
  /** The rerank requests the simulator received, in order. */
  const reranks: ReceivedRequest[] = [];
  // The search and scraper are the operator's; the reranker is left open, with keys from each user.
  useWebSearchServer(`\n${OPEN_RERANKER_WEB_SEARCH}`, (started) => (chat = started), {
    onSimRequest: (request) => void (isRerank(request) && reranks.push(request)),
  });

  /**
   * The fixed web's lighthouse page is two passages to rank; the second is about the lens. A query
   * about the lens finds that page alone, so the answer has one source.
   */
  const LENS_QUERY = 'lighthouse lens rotation';
  // Serper's scraper answers the page as markdown, its title a heading.
  const KEEPERS_PASSAGE = /^# Lighthouse keepers and their lights For two centuries/;
  const LENS_PASSAGE = /^The light itself comes from a Fresnel lens/;

  /** Searches as `user`; answers the one source's passages and the rerank request it made, if any. */
  const searchLens = async (user: TestUser) => {
    const before = reranks.length;
    const events = await askWithWebSearch(chat, LENS_QUERY, user);
    const output = searchOutputOf(events);
    expect(output.sources.map((s) => s.title)).toEqual(['Lighthouse keepers and their lights']);
    expect(output.notes).toBeUndefined();
    expect(finalOf(events)!.responseMessage.text).toContain('Lighthouse keepers and their lights [1].');
    expect(reranks.length - before).toBeLessThanOrEqual(1);
    return { passages: output.sources[0]!.content.split('\n…\n'), rerank: reranks[before] };
  };

  it('offers the reranker as a choice, with each vendor’s key shown only for its pick', async () => {
    const entry = await webSearchEntry(chat, chat.alice);
    const reranker = entry.choices?.find((c) => c.name === 'rerankerType');
    expect(reranker?.options.map((o) => o.value)).toEqual(['jina', 'cohere', 'none']);
    expect(reranker?.value).toBe('none');
    expect(Object.fromEntries(entry.authConfig.map((f) => [f.authField, f.shownFor]))).toEqual({
      jinaApiKey: [{ choice: 'rerankerType', value: 'jina' }],
      cohereApiKey: [{ choice: 'rerankerType', value: 'cohere' }],
    });
  });

  it('sends each user’s passages to the reranker they picked, with their key, and keeps its order', async () => {
    // Without a reranker (the default) the passages stay in page order, and nothing is reranked.
    const unranked = await searchLens(chat.alice);
    expect(unranked.rerank).toBeUndefined();
    expect(unranked.passages).toHaveLength(2);
    expect(unranked.passages[0]).toMatch(KEEPERS_PASSAGE);

    // A pick needs its key.
    expect((await saveWebSearchKeys(chat, chat.bob, { rerankerType: 'cohere' })).status).toBe(400);
    for (const [user, auth] of [
      [chat.alice, { rerankerType: 'jina', jinaApiKey: 'jina-alice' }],
      [chat.bob, { rerankerType: 'cohere', cohereApiKey: 'cohere-bob' }],
    ] as const)
      expect((await saveWebSearchKeys(chat, user, auth)).status).toBeLessThan(300);

    const alice = await searchLens(chat.alice);
    expect(alice.rerank).toMatchObject({
      url: '/v1/rerank',
      headers: { authorization: 'Bearer jina-alice' },
      body: { model: 'jina-reranker-v2-base-multilingual', query: LENS_QUERY, top_n: 2 },
    });
    expect(alice.passages).toHaveLength(2);
    expect(alice.passages[0]).toMatch(LENS_PASSAGE);
    expect(alice.passages[1]).toMatch(KEEPERS_PASSAGE);

    const bob = await searchLens(chat.bob);
    expect(bob.rerank).toMatchObject({
      url: '/v2/rerank',
      headers: { authorization: 'Bearer cohere-bob' },
      body: { model: 'rerank-v3.5', query: LENS_QUERY, top_n: 2 },
    });
    expect(bob.passages[0]).toMatch(LENS_PASSAGE);
    expect((bob.rerank!.body as { documents: string[] }).documents).toEqual(unranked.passages);

    // Each user's pick is their own: Alice's stays Jina after Bob's search.
    expect((await searchLens(chat.alice)).rerank).toMatchObject({ url: '/v1/rerank' });
  });
});
