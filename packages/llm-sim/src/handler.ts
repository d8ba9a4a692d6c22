// The node:http request handler: auth, routing and counting. Routes match on the end of the path,
// so the handler can be mounted under any prefix (`/v1/…`, `/sim/v1/…`, or a base URL without /v1).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http.ts';
import { checkOpenAIAuth } from './openai/auth.ts';
import { handleChatCompletions, type HandlerContext } from './openai/chat-completions.ts';
import { sendOpenAIError } from './openai/errors.ts';
import { listModels, retrieveModel } from './openai/models.ts';
import { mergePacing, type SimDefaults } from './pacing.ts';
import { StatsTracker, type SimStats } from './stats.ts';

export interface SimHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  stats(): SimStats;
  /** Resolves once no generation is in flight (e.g. after the connections were closed). */
  whenIdle(): Promise<void>;
}

export function createSimHandler(defaults?: Partial<SimDefaults>): SimHandler {
  const context: HandlerContext = { defaults: mergePacing(defaults), stats: new StatsTracker() };
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    context.stats.requestReceived();
    route(req, res, context).catch((error: unknown) => failSafely(res, error));
  };
  return Object.assign(handler, {
    stats: () => context.stats.snapshot(),
    whenIdle: () => context.stats.whenIdle(),
  });
}

async function route(req: IncomingMessage, res: ServerResponse, context: HandlerContext): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://sim').pathname.replace(/\/+$/, '');
  if (req.method === 'GET' && (path === '' || path.endsWith('/health'))) {
    return sendJson(res, 200, { status: 'ok' });
  }
  const authError = checkOpenAIAuth(req);
  if (authError) return sendOpenAIError(res, authError);
  if (req.method === 'POST' && path.endsWith('/chat/completions'))
    return handleChatCompletions(req, res, context);
  if (req.method === 'GET' && path.endsWith('/models')) return listModels(res);
  // Model ids may contain slashes (`demo/echo`), so everything after /models/ is the id.
  const model = /\/models\/(.+)$/.exec(path)?.[1];
  if (req.method === 'GET' && model) return retrieveModel(res, safeDecode(model));
  sendOpenAIError(res, {
    kind: 'not-found',
    status: 404,
    message: `Unknown request URL: ${req.method ?? 'GET'} ${path}.`,
  });
}

/** A bug in the simulator answers 500 instead of hanging the client or crashing the host process. */
function failSafely(res: ServerResponse, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  if (!res.headersSent) {
    sendOpenAIError(res, { kind: 'server-error', status: 500, message: `Simulator failure: ${message}` });
  } else {
    res.destroy();
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
