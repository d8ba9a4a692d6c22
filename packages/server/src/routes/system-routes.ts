import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { readUser } from '../http/authenticate.ts';
import { findActiveBanner } from '../services/banners/banner-service.ts';
import { buildStartupConfig } from '../services/config/startup-config.ts';

/** Public reads: health, startup configuration, banner, search availability. */
export function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/health', async () => 'OK');
  app.get('/api/config', async () => {
    ctx.sso.retryDiscovery();
    return buildStartupConfig(ctx.config, (provider) => ctx.sso.enabled(provider));
  });
  app.get('/api/banner', async (request) => {
    const user = await readUser(ctx, request);
    return (await findActiveBanner(ctx.db, user !== null)) ?? null;
  });
  app.get('/api/search/enable', async () => ctx.config.env.SEARCH);
}
