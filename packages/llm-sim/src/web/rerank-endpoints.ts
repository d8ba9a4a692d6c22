// Rerankers in two vendors' shapes, scoring by the share of query words a document contains
// (deterministic, so tests know the order):
// - Jina: `POST /v1/rerank` `{ model, query, documents, top_n }` → `{ model, usage, results: [{ index, relevance_score, document }] }`;
// - Cohere: `POST /v2/rerank` `{ model, query, documents, top_n }` → `{ id, results: [{ index, relevance_score }], meta }`.
// A request with a key is shown to the test's observer as read, so a test sees which vendor was
// called and with whose key.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomId } from '../ids.ts';
import { readJsonBody, sendJson } from '../http.ts';
import { reportRequest, type HandlerContext } from '../serve.ts';
import { overlapScore } from './fixed-web.ts';
import { pauseIfSlow, sendTrouble, troubleIn } from './provider-trouble.ts';

interface RerankRequest {
  query: string;
  documents: string[];
  topN: number;
}

async function rerankRequest(req: IncomingMessage, context: HandlerContext): Promise<RerankRequest | string> {
  const body = await readJsonBody(req);
  if (!body.ok) return body.error.message;
  reportRequest(context, req, body.value);
  const value = body.value as { query?: unknown; documents?: unknown; top_n?: unknown };
  if (typeof value.query !== 'string') return 'query must be a string';
  if (!Array.isArray(value.documents)) return 'documents must be a list';
  const documents = value.documents.map((d: unknown) =>
    typeof d === 'string'
      ? d
      : typeof (d as { text?: unknown })?.text === 'string'
        ? (d as { text: string }).text
        : '',
  );
  const topN = typeof value.top_n === 'number' && value.top_n > 0 ? value.top_n : documents.length;
  return { query: value.query, documents, topN };
}

function ranked({ query, documents, topN }: RerankRequest) {
  return documents
    .map((text, index) => ({ index, relevance_score: Number(overlapScore(query, text).toFixed(4)), text }))
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
    .slice(0, topN);
}

export async function handleJinaRerank(
  req: IncomingMessage,
  res: ServerResponse,
  context: HandlerContext,
): Promise<void> {
  if (!/^Bearer \S+/.test(req.headers.authorization ?? ''))
    return sendJson(res, 401, { detail: 'Unauthorized: missing API key' });
  const request = await rerankRequest(req, context);
  if (typeof request === 'string') return sendJson(res, 422, { detail: request });
  await pauseIfSlow(request.query);
  if (sendTrouble(res, troubleIn(request.query))) return;
  sendJson(res, 200, {
    model: 'jina-reranker-v2-base-multilingual',
    usage: { total_tokens: request.documents.join(' ').length },
    results: ranked(request).map(({ index, relevance_score, text }) => ({
      index,
      relevance_score,
      document: { text },
    })),
  });
}

export async function handleCohereRerank(
  req: IncomingMessage,
  res: ServerResponse,
  context: HandlerContext,
): Promise<void> {
  if (!/^Bearer \S+/.test(req.headers.authorization ?? ''))
    return sendJson(res, 401, { message: 'invalid api token' });
  const request = await rerankRequest(req, context);
  if (typeof request === 'string') return sendJson(res, 400, { message: request });
  await pauseIfSlow(request.query);
  if (sendTrouble(res, troubleIn(request.query))) return;
  sendJson(res, 200, {
    id: randomId('rerank_'),
    results: ranked(request).map(({ index, relevance_score }) => ({ index, relevance_score })),
    meta: { api_version: { version: '2' }, billed_units: { search_units: 1 } },
  });
}
