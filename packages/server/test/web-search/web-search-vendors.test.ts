import { startSimulator, type SimServer } from '@parley/llm-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressPolicy } from '../../src/services/net/address-policy.ts';
import { GuardedHttpClient } from '../../src/services/net/guarded-http-client.ts';
import { rerankerAt } from '../../src/services/web-search/rerankers.ts';
import {
  builtinScraper,
  firecrawlScraper,
  MAX_PAGE_CHARS,
  serperScraper,
} from '../../src/services/web-search/scrapers.ts';
import {
  searchSearxng,
  searchSerper,
  type SearchRequest,
} from '../../src/services/web-search/search-providers.ts';
import { runWebSearch } from '../../src/services/web-search/web-search-run.ts';

/**
 * Every vendor shape web search speaks, against the simulator's fixed web: what a good answer
 * gives, and how each kind of bad answer ends (a clear step error, never a crash or a hang).
 */
describe('web search vendors', () => {
  let sim: SimServer;
  /** Allowed to reach the simulator on loopback, as USER_BASE_URL_ALLOWLIST allows in tests. */
  let http: GuardedHttpClient;
  /** The production guard: public addresses only. */
  let strict: GuardedHttpClient;
  const signal = new AbortController().signal;
  const request = (query: string): SearchRequest => ({ query, safeSearch: 1, signal });

  beforeAll(async () => {
    sim = await startSimulator();
    http = new GuardedHttpClient({ policy: new AddressPolicy(['127.0.0.1']) });
    strict = new GuardedHttpClient();
  });
  afterAll(async () => {
    await Promise.all([http.close(), strict.close()]);
    await sim.close();
  });

  describe('search', () => {
    it('SearXNG: pages, news and pictures of the fixed web', async () => {
      const found = await searchSearxng(http, sim.url, undefined, request('sea otters'));
      expect(found.organic[0]).toMatchObject({
        title: 'Sea otters use tools',
        link: `${sim.url}/web/otters`,
      });
      expect(found.topStories.map((s) => s.link)).toEqual([`${sim.url}/web/otter-census`]);
      expect(found.images[0]!.imageUrl).toBe(`${sim.url}/web/images/otters.png`);
    });

    it('Serper: organic results, top stories and pictures from one call', async () => {
      const found = await searchSerper(http, `${sim.url}/search`, 'key', request('otters'));
      expect(found.organic[0]!.link).toBe(`${sim.url}/web/otters`);
      expect(found.topStories[0]).toMatchObject({
        link: `${sim.url}/web/otter-census`,
        source: 'Fixed Web News',
      });
      expect(found.images.length).toBeGreaterThan(0);
    });

    it.each([
      ['sim-500', 'answered HTTP 500'],
      ['sim-garbage', 'not JSON'],
      ['sim-wrong-shape', 'unexpected shape'],
      ['sim-huge', 'more than 5 MB'],
    ])('a search answering %s ends with a clear error', async (word, message) => {
      await expect(searchSearxng(http, sim.url, undefined, request(`otters ${word}`))).rejects.toThrow(
        message,
      );
      await expect(searchSerper(http, `${sim.url}/search`, 'key', request(`otters ${word}`))).rejects.toThrow(
        message,
      );
    });

    it('a search that never answers ends when the run is stopped', async () => {
      const stop = AbortSignal.timeout(300);
      await expect(
        searchSerper(http, `${sim.url}/search`, 'key', { query: 'sim-timeout', safeSearch: 1, signal: stop }),
      ).rejects.toThrow();
    });

    it('a wrong key, a private instance and a non-http instance URL are refused', async () => {
      await expect(searchSerper(http, `${sim.url}/search`, '', request('otters'))).rejects.toThrow(
        'HTTP 403',
      );
      await expect(searchSearxng(strict, sim.url, undefined, request('otters'))).rejects.toThrow(
        'was refused',
      );
      await expect(
        searchSearxng(strict, 'http://[::ffff:127.0.0.1]:9', undefined, request('otters')),
      ).rejects.toThrow('was refused');
      await expect(searchSearxng(http, 'file:///etc', undefined, request('otters'))).rejects.toThrow();
    });
  });

  describe('scrape', () => {
    it('the built-in scraper reads the article and leaves scripts, menus and footers out', async () => {
      const page = await builtinScraper(http, 5000)(`${sim.url}/web/otters`, signal);
      expect(page.title).toBe('Sea otters use tools');
      expect(page.text).toContain('Otters hold hands while they sleep');
      expect(page.text).not.toMatch(/tracking|Cookie settings|About this site/);
    });

    it.each([
      ['/web/binary', 'not a text page'],
      ['/web/error', 'HTTP 500'],
      ['/web/loop', 'Too many redirects'],
      ['/web/private-redirect', 'was refused'],
      ['/web/nothing', 'HTTP 404'],
    ])('the built-in scraper ends %s with "%s"', async (path, message) => {
      await expect(builtinScraper(http, 5000)(sim.url + path, signal)).rejects.toThrow(message);
    });

    it('a redirect to the IPv4-mapped loopback address is refused by the production guard', async () => {
      // The strict guard refuses the simulator itself, so the first hop is checked with a guard
      // that allows only the simulator's own name and not the mapped address it redirects to.
      const byName = new GuardedHttpClient({
        policy: new AddressPolicy(['localhost']),
        resolve: async () => ['127.0.0.1'],
      });
      const url = `${sim.url.replace('127.0.0.1', 'localhost')}/web/mapped-redirect`;
      await expect(builtinScraper(byName, 5000)(url, signal)).rejects.toThrow('was refused');
      await byName.close();
    });

    it('a huge page is read up to the limit; a slow page times out', async () => {
      const huge = await builtinScraper(http, 20_000)(`${sim.url}/web/huge`, signal);
      expect(huge.text.length).toBe(MAX_PAGE_CHARS);
      expect(huge.text).toMatch(/^This page never ends\./);
      await expect(builtinScraper(http, 500)(`${sim.url}/web/slow`, signal)).rejects.toThrow(
        'did not answer within 0.5 s',
      );
    });

    it('Firecrawl and Serper scrape, and report what they could not read', async () => {
      const firecrawl = firecrawlScraper(http, sim.url, 'fc-key', {}, 5000);
      expect((await firecrawl(`${sim.url}/web/tea`, signal)).text).toContain('75 to 80 degrees');
      await expect(firecrawl(`${sim.url}/web/missing`, signal)).rejects.toThrow('HTTP 404');
      await expect(firecrawl(`${sim.url}/web/tea?sim-garbage`, signal)).rejects.toThrow('not JSON');
      await expect(
        firecrawlScraper(http, sim.url, '', {}, 5000)(`${sim.url}/web/tea`, signal),
      ).rejects.toThrow('HTTP 401');
      const serper = serperScraper(http, `${sim.url}/scrape`, 'key', 5000);
      expect((await serper(`${sim.url}/web/solar`, signal)).title).toBe('How solar panels make electricity');
      await expect(serper(`${sim.url}/web/solar?sim-wrong-shape`, signal)).rejects.toThrow('could not read');
    });
  });

  describe('rerank', () => {
    const documents = ['green tea brewing', 'sea otters crack clams', 'solar panels'];
    it('Jina and Cohere order passages best first', async () => {
      expect(
        await rerankerAt(http, 'Jina', `${sim.url}/v1/rerank`, 'k')('otters clams', documents, signal),
      ).toEqual([1, 0, 2]);
      expect(
        (await rerankerAt(http, 'Cohere', `${sim.url}/v2/rerank`, 'k')('solar', documents, signal))[0],
      ).toBe(2);
    });
    it.each(['sim-500', 'sim-garbage', 'sim-wrong-shape'])(
      'a reranker answering %s is an error',
      async (word) => {
        await expect(
          rerankerAt(http, 'Cohere', `${sim.url}/v2/rerank`, 'k')(word, documents, signal),
        ).rejects.toThrow('Cohere reranker');
      },
    );
  });

  describe('one whole search', () => {
    const steps = () => ({
      search: (r: SearchRequest) => searchSerper(http, `${sim.url}/search`, 'k', r),
      scrape: builtinScraper(http, 5000),
      rerank: rerankerAt(http, 'Jina', `${sim.url}/v1/rerank`, 'k'),
    });

    it('numbers the sources, keeps their best passages and passes news and pictures on', async () => {
      const result = await runWebSearch(steps(), request('otters kelp'));
      expect(result.sources.map((s) => s.citation)).toEqual(result.sources.map((_, i) => i + 1));
      expect(result.sources[0]).toMatchObject({ link: `${sim.url}/web/kelp` });
      expect(result.sources[0]!.content).toContain('Sea otters eat the urchins');
      expect(result.topStories.length).toBe(1);
      expect(result.instructions).toContain('[1]');
    });

    it('a reranker that fails falls back to page order; a page that fails keeps its snippet', async () => {
      const result = await runWebSearch(
        {
          ...steps(),
          rerank: rerankerAt(http, 'Jina', `${sim.url}/v1/rerank-missing`, 'k'),
          scrape: async (url, s) =>
            url.endsWith('/otters') ? Promise.reject(new Error('boom')) : builtinScraper(http, 5000)(url, s),
        },
        request('otters'),
      );
      expect(result.notes?.[0]).toContain('page order');
      const otters = result.sources.find((s) => s.link.endsWith('/web/otters'))!;
      expect(otters).toMatchObject({ readError: 'boom', content: otters.snippet });
    });

    it('no results: no sources and an instruction to say so', async () => {
      const result = await runWebSearch(steps(), request('zeppelin quantum'));
      expect(result.sources).toEqual([]);
      expect(result.instructions).toContain('nothing');
    });
  });
});
