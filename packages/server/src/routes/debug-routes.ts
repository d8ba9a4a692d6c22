import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/**
 * `GET /api/debug/metrics` (`?reset=true` starts a new measuring window): runtime figures for
 * benchmarks. Registered only with PARLEY_METRICS=true; unauthenticated, so never on in production.
 */
export function debugRoutes(app: FastifyInstance, ctx: AppContext): void {
  const metrics = ctx.metrics;
  if (!metrics) return;
  app.get<{ Querystring: { reset?: string } }>('/api/debug/metrics', async (request) => {
    const snapshot = await metrics.snapshot();
    if (request.query.reset === 'true') metrics.reset();
    return snapshot;
  });
}
