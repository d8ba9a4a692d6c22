import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { notFound, unauthorized } from '../errors/app-error.ts';
import { probeBus, probeDatabase } from '../services/health/readiness.ts';

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function hasBearer(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * For operators and their tools: `GET /health/ready` (readiness: the database and the Bus answer;
 * `GET /health` stays the liveness check the web app polls) and `GET /metrics` in Prometheus's
 * text format, behind `Authorization: Bearer <METRICS_TOKEN>` and absent when that is unset.
 */
export function operationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const prometheus = ctx.prometheus;

  const checkDependencies = async () => {
    const [database, bus] = await Promise.all([probeDatabase(ctx.db), probeBus(ctx.bus)]);
    prometheus?.databaseSeconds.observe(database.seconds);
    prometheus?.busSeconds.observe(bus.seconds);
    return { database, bus };
  };

  app.get('/health/ready', async (_request, reply) => {
    const { database, bus } = await checkDependencies();
    const ready = database.ok && bus.ok;
    const state = (p: typeof database) => (p.ok ? 'ok' : `unreachable: ${p.error}`);
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', database: state(database), bus: state(bus) });
  });

  app.get('/metrics', async (request, reply) => {
    const token = ctx.config.env.METRICS_TOKEN;
    if (!prometheus || !token) {
      throw notFound('Metrics are off: set METRICS_TOKEN to turn them on');
    }
    if (!hasBearer(request, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('A valid metrics token is required');
    }
    await checkDependencies();
    return reply.type(prometheus.registry.contentType).send(await prometheus.registry.metrics());
  });
}
