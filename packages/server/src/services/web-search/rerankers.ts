import { z } from 'zod';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import { guardedRequest, readVendorJson, WebSearchStepError } from './upstream-call.ts';

/** How long a reranker gets to answer. */
export const RERANK_TIMEOUT_MS = 10_000;

/** Orders passages by relevance to a query: the indexes of `documents`, best first. */
export type Reranker = (query: string, documents: string[], signal: AbortSignal) => Promise<number[]>;

const rerankAnswer = z.looseObject({
  results: z.array(z.looseObject({ index: z.number().int().min(0), relevance_score: z.number() })),
});

/**
 * A rerank call in the shape Jina and Cohere (v2) share: `POST {url}` with a Bearer key and
 * `{ model, query, documents, top_n }`, answered with `results: [{ index, relevance_score }]`.
 * Indexes outside the documents, and repeats, are ignored.
 */
export function rerankerAt(
  http: GuardedHttpClient,
  vendor: 'Jina' | 'Cohere',
  url: string,
  apiKey: string,
): Reranker {
  const model = vendor === 'Jina' ? 'jina-reranker-v2-base-multilingual' : 'rerank-v3.5';
  return async (query, documents, signal) => {
    if (documents.length === 0) return [];
    const response = await guardedRequest(http, `The ${vendor} reranker`, url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ model, query, documents, top_n: documents.length }),
      timeoutMs: RERANK_TIMEOUT_MS,
      signal,
    });
    const answer = rerankAnswer.safeParse(await readVendorJson(response, `The ${vendor} reranker`));
    if (!answer.success)
      throw new WebSearchStepError(`The ${vendor} reranker answered in an unexpected shape`);
    const seen = new Set<number>();
    return [...answer.data.results]
      .sort((a, b) => b.relevance_score - a.relevance_score)
      .map((r) => r.index)
      .filter((i) => i < documents.length && !seen.has(i) && Boolean(seen.add(i)));
  };
}
