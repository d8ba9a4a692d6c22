// The node:http request handler: routing (see routes.ts), counting, and a safety net that turns a
// simulator bug into a 500 instead of a hung client.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http.ts';
import { sendOpenAIError } from './openai/errors.ts';
import { mergePacing, type SimDefaults } from './pacing.ts';
import { ROUTES } from './routes.ts';
import type { HandlerContext, RequestObserver } from './serve.ts';
import { unknownRoute } from './sim-errors.ts';
import { StatsTracker, type SimStats } from './stats.ts';

export interface SimHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  stats(): SimStats;
  /** Resolves once no generation is in flight (e.g. after the connections were closed). */
  whenIdle(): Promise<void>;
}

export function createSimHandler(defaults?: Partial<SimDefaults>, onRequest?: RequestObserver): SimHandler {
  const context: HandlerContext = { defaults: mergePacing(defaults), stats: new StatsTracker(), onRequest };
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    context.stats.requestReceived();
    Promise.resolve()
      .then(() => route(req, res, context))
      .catch((error: unknown) => failSafely(res, error));
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
  for (const candidate of ROUTES) {
    const match = req.method === candidate.method ? candidate.pattern.exec(path) : null;
    if (match) return void (await candidate.handle(req, res, context, match));
  }
  sendOpenAIError(res, unknownRoute(req.method ?? 'GET', path));
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
