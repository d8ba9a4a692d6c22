import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { readUser } from '../http/authenticate.ts';
import { findActiveBanner } from '../services/banners/banner-service.ts';
import { buildStartupConfig } from '../services/config/startup-config.ts';
import { prepareTokenCounting } from '../services/context/token-count.ts';

/** Public reads: health, startup configuration, banner, search availability. */
export function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/health', async () => 'OK');
  app.get('/api/config', async () => {
    ctx.sso.retryDiscovery();
    // The web app's first call: someone is about to chat.
    prepareTokenCounting();
    return buildStartupConfig(ctx.config, (provider) => ctx.sso.enabled(provider));
  });
  app.get('/api/banner', async (request) => {
    const user = await readUser(ctx, request);
    return (await findActiveBanner(ctx.db, user !== null)) ?? null;
  });
  app.get('/api/search/enable', async () => ctx.config.env.SEARCH);
}
