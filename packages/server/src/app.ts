import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppEngines } from './app-engines.ts';
import type { AppContext } from './context.ts';
import { installBanCheck } from './http/ban-check.ts';
import { installEmptyJsonBody } from './http/empty-json-body.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { installInputGuard } from './http/input-guard.ts';
import { configuredImageOrigins } from './http/configured-image-origins.ts';
import { installWebApp } from './http/web-app.ts';
import { routeModules } from './routes/index.ts';

export interface BuildAppOptions {
  /** Serve the built web app (off in API tests that do not need it). */
  serveWeb?: boolean;
}

/** TRUST_PROXY as Fastify takes it: false for none, else the proxy-addr list. */
function trustedProxies(setting: string): string | false {
  const value = setting.trim();
  return value === '' || value === 'false' || value === '0' ? false : value;
}

/** The Fastify application: plugins, error handling, every route module and the web app. */
export async function buildApp(
  ctx: AppContext,
  engines: AppEngines,
  opts: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    logController: new LogController({
      disableRequestLogging: ctx.config.env.LOG_LEVEL !== 'debug' && ctx.config.env.LOG_LEVEL !== 'trace',
    }),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: trustedProxies(ctx.config.env.TRUST_PROXY),
    // Idle keep-alive sockets close at once on shutdown; busy ones get the grace period.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { maxParamLength: 500 },
    // Every request's id: a field of each of its log lines (reqId), the X-Request-Id header of its
    // answer and the requestId of an error body, so a report from a user finds its log lines.
    // Made here, never taken from the client, so one id cannot be planted in another's lines.
    genReqId: () => randomUUID(),
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const prometheus = ctx.prometheus;
  if (prometheus) {
    app.addHook('onResponse', async (request, reply) => {
      // The route template keeps the label set bounded; paths no route matched share one label.
      const route = request.routeOptions.url ?? 'unmatched';
      prometheus.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
  }
  app.decorateRequest('user', null);
  await app.register(cookie);
  installErrorHandler(app);
  installInputGuard(app);
  installEmptyJsonBody(app);
  installBanCheck(app, ctx);
  // Before the server stops accepting: stop generations so their answers are saved as unfinished
  // and their open streams end with `final` instead of being cut at the grace deadline.
  app.addHook('preClose', async () => engines.chat.stopGenerations());
  for (const register of routeModules) await register(app, ctx, engines);
  // A preview page hosted on another origin must be allowed as a frame of the app's pages.
  const previewOrigins = [ctx.config.env.SANDPACK_BUNDLER_URL, ctx.config.env.SANDPACK_STATIC_BUNDLER_URL]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).origin);
  await installWebApp(app, opts.serveWeb !== false, {
    turnstile: Boolean(ctx.config.yaml.turnstile),
    frameOrigins: previewOrigins,
    imageOrigins: configuredImageOrigins(ctx.config),
    artifactNetwork: ctx.config.env.ARTIFACTS_ALLOW_NETWORK,
    analytics: Boolean(ctx.config.env.ANALYTICS_GTM_ID),
  });
  return app;
}
