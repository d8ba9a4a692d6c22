// Which wire protocol answers which path. Routes match on the END of the path, so the handler works
// under any prefix (`/v1/…`, `/sim/v1/…`, `/openai/v1/…`). Order matters: the first match wins.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleSpeech } from './audio/speech.ts';
import { handleTranscriptions } from './audio/transcriptions.ts';
import { listAnthropicModels, retrieveAnthropicModel } from './anthropic/models.ts';
import { handleMessages } from './anthropic/messages.ts';
import { handleConverse } from './bedrock/converse.ts';
import { geminiModelFromPath, handleGenerateContent } from './gemini/generate-content.ts';
import { listGeminiModels, retrieveGeminiModel } from './gemini/models.ts';
import { checkOpenAIAuth } from './openai/auth.ts';
import { handleChatCompletions } from './openai/chat-completions.ts';
import { handleEmbeddings } from './openai/embeddings.ts';
import { sendOpenAIError } from './openai/errors.ts';
import { listModels, retrieveModel } from './openai/models.ts';
import { handleImageEdits, handleImageGenerations } from './openai/images.ts';
import { handleResponses } from './openai-responses/responses.ts';
import type { HandlerContext } from './serve.ts';
import { handleFirecrawlScrape, handleSerperScrape } from './web/scrape-endpoints.ts';
import { handleCohereRerank, handleJinaRerank } from './web/rerank-endpoints.ts';
import { handleSearxng, handleSerperSearch } from './web/search-endpoints.ts';
import { handleWebImage, handleWebPage } from './web/web-pages.ts';

export interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle(req: IncomingMessage, res: ServerResponse, context: HandlerContext, match: RegExpExecArray): unknown;
}

type Handle = Route['handle'];

/** The OpenAI-format endpoints (OpenAI and Azure OpenAI) share one key check. */
function openAI(handle: Handle): Handle {
  return (req, res, context, match) => {
    const authError = checkOpenAIAuth(req);
    return authError ? sendOpenAIError(res, authError) : handle(req, res, context, match);
  };
}

export const ROUTES: readonly Route[] = [
  // The fixed web and the search, scrape and rerank vendors over it (src/web/).
  {
    method: 'GET',
    pattern: /(\/web\/images\/([\w-]+)\.png)$/,
    handle: (_req, res, _context, match) => handleWebImage(res, match[2]!),
  },
  {
    method: 'GET',
    pattern: /(\/web(?:\/[\w-]*)?)$/,
    handle: (req, res, _c, match) => handleWebPage(req, res, match[1]!),
  },
  { method: 'GET', pattern: /\/search$/, handle: (req, res) => handleSearxng(req, res) },
  { method: 'POST', pattern: /\/search$/, handle: (req, res) => handleSerperSearch(req, res) },
  { method: 'POST', pattern: /\/v\d+\/scrape$/, handle: (req, res) => handleFirecrawlScrape(req, res) },
  { method: 'POST', pattern: /\/scrape$/, handle: (req, res) => handleSerperScrape(req, res) },
  {
    method: 'POST',
    pattern: /\/v1\/rerank$/,
    handle: (req, res, context) => handleJinaRerank(req, res, context),
  },
  {
    method: 'POST',
    pattern: /\/v2\/rerank$/,
    handle: (req, res, context) => handleCohereRerank(req, res, context),
  },
  {
    method: 'POST',
    pattern: /\/model\/([^/]+)\/converse-stream$/,
    handle: (req, res, context, match) =>
      handleConverse(req, res, context, { modelId: safeDecode(match[1]!), stream: true }),
  },
  {
    method: 'POST',
    pattern: /\/model\/([^/]+)\/converse$/,
    handle: (req, res, context, match) =>
      handleConverse(req, res, context, { modelId: safeDecode(match[1]!), stream: false }),
  },
  {
    method: 'POST',
    pattern: /^(.*):(streamGenerateContent|generateContent)$/,
    handle: (req, res, context, match) =>
      handleGenerateContent(req, res, context, {
        model: geminiModelFromPath(safeDecode(match[1]!)),
        stream: match[2] === 'streamGenerateContent',
      }),
  },
  {
    method: 'POST',
    pattern: /\/messages$/,
    handle: (req, res, context) => handleMessages(req, res, context),
  },
  {
    method: 'POST',
    pattern: /\/responses$/,
    handle: openAI((req, res, context) => handleResponses(req, res, context)),
  },
  {
    method: 'POST',
    pattern: /\/deployments\/([^/]+)\/chat\/completions$/,
    handle: openAI((req, res, context, match) =>
      handleChatCompletions(req, res, context, { model: safeDecode(match[1]!) }),
    ),
  },
  {
    method: 'POST',
    pattern: /\/chat\/completions$/,
    handle: openAI((req, res, context) => handleChatCompletions(req, res, context)),
  },
  {
    method: 'POST',
    pattern: /\/embeddings$/,
    handle: openAI((req, res) => handleEmbeddings(req, res)),
  },
  {
    method: 'POST',
    pattern: /\/images\/generations$/,
    handle: openAI((req, res) => handleImageGenerations(req, res)),
  },
  {
    method: 'POST',
    pattern: /\/images\/edits$/,
    handle: openAI((req, res) => handleImageEdits(req, res)),
  },
  {
    method: 'POST',
    pattern: /\/audio\/speech$/,
    handle: openAI((req, res) => handleSpeech(req, res)),
  },
  {
    method: 'POST',
    pattern: /\/audio\/transcriptions$/,
    handle: openAI((req, res) => handleTranscriptions(req, res)),
  },
  { method: 'GET', pattern: /\/models$/, handle: (req, res) => modelsFormat(req, res, undefined) },
  // Model ids may contain slashes (`demo/echo`), so everything after /models/ is the id.
  {
    method: 'GET',
    pattern: /\/models\/(.+)$/,
    handle: (req, res, _context, match) => modelsFormat(req, res, safeDecode(match[1]!)),
  },
];

/**
 * `/models` is shared by three protocols: Gemini clients call it under `/v1beta` (or send a Google
 * key), Anthropic clients send `anthropic-version`; everything else gets OpenAI's list.
 */
function modelsFormat(req: IncomingMessage, res: ServerResponse, id: string | undefined): void {
  const path = req.url ?? '';
  if (/\/v1(alpha|beta)\//.test(path) || req.headers['x-goog-api-key'] !== undefined) {
    return id === undefined ? listGeminiModels(res) : retrieveGeminiModel(res, id);
  }
  if (req.headers['anthropic-version'] !== undefined) {
    return id === undefined ? listAnthropicModels(res) : retrieveAnthropicModel(res, id);
  }
  const authError = checkOpenAIAuth(req);
  if (authError) return sendOpenAIError(res, authError);
  return id === undefined ? listModels(res) : retrieveModel(res, id);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
