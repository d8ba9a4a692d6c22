import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type ReceivedRequest, type SimServer } from '../src/index.ts';
import { seededPng } from '../src/png.ts';

let sim: SimServer;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(sim.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('the fixed web', () => {
  it('serves articles as HTML with navigation and scripts around them', async () => {
    const res = await fetch(`${sim.url}/web/otters`);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<article><h1>Sea otters use tools</h1>');
    expect(html).toContain('<script>');
  });

  it('redirects in a loop, to a private address and to an IPv4-mapped loopback address', async () => {
    const loop = await fetch(`${sim.url}/web/loop`, { redirect: 'manual' });
    expect([loop.status, loop.headers.get('location')]).toEqual([302, '/web/loop']);
    const priv = await fetch(`${sim.url}/web/private-redirect`, { redirect: 'manual' });
    expect(priv.headers.get('location')).toBe('http://10.0.0.1/secret');
    const mapped = await fetch(`${sim.url}/web/mapped-redirect`, { redirect: 'manual' });
    expect(mapped.headers.get('location')).toMatch(/^http:\/\/\[::ffff:127\.0\.0\.1\]:\d+\/web\/otters$/);
  });

  it('serves binary bytes, a 500 and deterministic page pictures', async () => {
    const binary = await fetch(`${sim.url}/web/binary`);
    expect(binary.headers.get('content-type')).toBe('application/octet-stream');
    expect((await binary.arrayBuffer()).byteLength).toBe(65536);
    expect((await fetch(`${sim.url}/web/error`)).status).toBe(500);
    const png = Buffer.from(await (await fetch(`${sim.url}/web/images/otters.png`)).arrayBuffer());
    expect(png.equals(seededPng('/web/otters', 64, 48))).toBe(true);
  });
});

describe('search vendors', () => {
  it('SearXNG answers JSON results pointing at the fixed web, news only under categories=news', async () => {
    const all = (await (await fetch(`${sim.url}/search?q=sea+otters&format=json`)).json()) as {
      results: { url: string; title: string; content: string }[];
    };
    expect(all.results[0]!.url).toBe(`${sim.url}/web/otters`);
    expect(all.results.map((r) => r.title)).toContain('Otter census counts more rafts this year');
    const news = (await (await fetch(`${sim.url}/search?q=otters&format=json&categories=news`)).json()) as {
      results: { url: string }[];
    };
    expect(news.results.map((r) => r.url)).toEqual([`${sim.url}/web/otter-census`]);
    expect((await fetch(`${sim.url}/search?q=otters`)).status).toBe(403);
  });

  it('Serper needs a key and answers organic, topStories and images', async () => {
    expect((await post('/search', { q: 'otters' })).status).toBe(403);
    const body = (await (await post('/search', { q: 'otters' }, { 'x-api-key': 'k' })).json()) as {
      organic: { link: string; position: number }[];
      topStories: { link: string }[];
      images: { imageUrl: string }[];
    };
    expect(body.organic[0]).toMatchObject({ link: `${sim.url}/web/otters`, position: 1 });
    expect(body.topStories.map((s) => s.link)).toEqual([`${sim.url}/web/otter-census`]);
    expect(body.images[0]!.imageUrl).toBe(`${sim.url}/web/images/otters.png`);
  });

  it('misbehaves on request: 500, garbage, wrong shape', async () => {
    expect((await fetch(`${sim.url}/search?q=sim-500&format=json`)).status).toBe(500);
    const garbage = await post('/search', { q: 'sim-garbage' }, { 'x-api-key': 'k' });
    await expect(garbage.json()).rejects.toThrow();
    const wrong = (await (await fetch(`${sim.url}/search?q=sim-wrong-shape&format=json`)).json()) as {
      results: unknown;
    };
    expect(wrong.results).toBe('not a list');
  });
});

describe('scrapers and rerankers', () => {
  it('Firecrawl and Serper scrape fixed-web pages and refuse unknown ones', async () => {
    const url = `${sim.url}/web/tea`;
    const fc = (await (
      await post('/v1/scrape', { url, formats: ['markdown'] }, { authorization: 'Bearer fc' })
    ).json()) as {
      success: boolean;
      data: { markdown: string; metadata: { title: string } };
    };
    expect(fc.success).toBe(true);
    expect(fc.data.markdown).toContain('75 to 80 degrees');
    expect((await post('/v1/scrape', { url })).status).toBe(401);
    const missing = await post(
      '/v1/scrape',
      { url: `${sim.url}/web/nothing` },
      { authorization: 'Bearer fc' },
    );
    expect(missing.status).toBe(404);
    const serper = (await (await post('/scrape', { url }, { 'x-api-key': 'k' })).json()) as { text: string };
    expect(serper.text).toContain('Brewing green tea');
  });

  it('Jina and Cohere rank documents by the query words they contain', async () => {
    const documents = ['green tea brewing', 'sea otters crack clams', 'solar panels'];
    const jina = (await (
      await post('/v1/rerank', { query: 'otters clams', documents, top_n: 2 }, { authorization: 'Bearer j' })
    ).json()) as { results: { index: number; relevance_score: number }[] };
    expect(jina.results.map((r) => r.index)).toEqual([1, 0]);
    expect(jina.results[0]!.relevance_score).toBe(1);
    const cohere = (await (
      await post('/v2/rerank', { query: 'solar', documents }, { authorization: 'Bearer c' })
    ).json()) as { results: { index: number }[] };
    expect(cohere.results[0]!.index).toBe(2);
    expect((await post('/v2/rerank', { query: 1, documents }, { authorization: 'Bearer c' })).status).toBe(
      400,
    );
  });

  it('shows each keyed rerank request to the observer, with the key it came with', async () => {
    const seen: ReceivedRequest[] = [];
    const observed = await startSimulator({ onRequest: (request) => seen.push(request) });
    try {
      const rerank = (path: string, key?: string) =>
        fetch(observed.url + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
          body: JSON.stringify({ query: 'otters', documents: ['otters'] }),
        });
      expect((await rerank('/v1/rerank')).status).toBe(401);
      expect((await rerank('/v1/rerank', 'jina-key')).status).toBe(200);
      expect((await rerank('/v2/rerank', 'cohere-key')).status).toBe(200);
      expect(seen.map((r) => [r.url, r.headers.authorization, (r.body as { query: string }).query])).toEqual([
        ['/v1/rerank', 'Bearer jina-key', 'otters'],
        ['/v2/rerank', 'Bearer cohere-key', 'otters'],
      ]);
    } finally {
      await observed.close();
    }
  });
});

it('sim-slow makes search and rerank answer the same results, 3 s later', async () => {
  const timed = async (run: () => Promise<Response>) => {
    const start = performance.now();
    const body = (await (await run()).json()) as { results: { index?: number; url?: string }[] };
    return { ms: performance.now() - start, results: body.results };
  };
  const search = await timed(() => fetch(`${sim.url}/search?q=sea+otters+sim-slow&format=json`));
  expect(search.ms).toBeGreaterThanOrEqual(2_900);
  expect(search.results[0]!.url).toBe(`${sim.url}/web/otters`);
  const rerank = await timed(() =>
    post(
      '/v1/rerank',
      { query: 'otters sim-slow', documents: ['tea', 'otters'] },
      { authorization: 'Bearer j' },
    ),
  );
  expect(rerank.ms).toBeGreaterThanOrEqual(2_900);
  expect(rerank.results[0]!.index).toBe(1);
});

it('seeded PNGs differ by seed and are stable', () => {
  const a = seededPng('a cat', 32, 32);
  expect(createHash('sha256').update(a).digest('hex')).toBe(
    createHash('sha256')
      .update(seededPng('a cat', 32, 32))
      .digest('hex'),
  );
  expect(a.equals(seededPng('a dog', 32, 32))).toBe(false);
  expect(a.readUInt32BE(16)).toBe(32);
});
