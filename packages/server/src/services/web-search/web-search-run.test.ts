import type { WebSearchStep } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { runWebSearch, type WebSearchSteps } from './web-search-run.ts';

const hit = (n: number) => ({
  title: `Page ${n}`,
  link: `https://example.org/${n}`,
  snippet: `snippet ${n}`,
});
const request = { query: 'otters', safeSearch: 1 as const, signal: new AbortController().signal };

/** Steps over fixed pages that record, in order, each step reported and each step run. */
function recorded(found: number, rerank: boolean) {
  const log: (WebSearchStep | string)[] = [];
  const steps: WebSearchSteps = {
    search: async () => {
      log.push('search');
      return { organic: Array.from({ length: found }, (_, i) => hit(i + 1)), topStories: [], images: [] };
    },
    scrape: async (url) => {
      log.push('scrape');
      return { title: url, text: `The text of ${url}.` };
    },
    ...(rerank
      ? {
          rerank: async (_query, documents) => {
            log.push('rerank');
            return documents.map((_, i) => i).reverse();
          },
        }
      : {}),
    report: (step) => log.push(step),
  };
  return { steps, log };
}

describe('runWebSearch reports its steps as each begins', () => {
  it('searching, reading the pages it will read, reranking', async () => {
    const { steps, log } = recorded(8, true);
    const result = await runWebSearch(steps, request);
    expect(result.sources).toHaveLength(5);
    expect(log).toEqual([
      { step: 'searching' },
      'search',
      { step: 'reading', sources: 5 },
      ...Array(5).fill('scrape'),
      { step: 'reranking' },
      'rerank',
    ]);
  });

  it('no reranking step without a reranker, and no reading step when nothing was found', async () => {
    const plain = recorded(2, false);
    await runWebSearch(plain.steps, request);
    expect(plain.log).toEqual([
      { step: 'searching' },
      'search',
      { step: 'reading', sources: 2 },
      'scrape',
      'scrape',
    ]);
    const none = recorded(0, true);
    await runWebSearch(none.steps, request);
    expect(none.log).toEqual([{ step: 'searching' }, 'search']);
  });
});
