import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { readUser } from '../http/authenticate.ts';
import { findActiveBanner } from '../services/banners/banner-service.ts';
import { buildStartupConfig } from '../services/config/startup-config.ts';
import { prepareTokenCounting } from '../services/context/token-count.ts';
import { FirstRunState } from '../services/setup/first-run-state.ts';

/** Public reads: health, startup configuration, banner, search availability. */
export function systemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const firstRun = new FirstRunState();
  app.get('/health', async () => 'OK');
  app.get('/api/config', async () => {
    ctx.sso.retryDiscovery();
    // The web app's first call: someone is about to chat.
    prepareTokenCounting();
    const config = buildStartupConfig(ctx.config, (provider) => ctx.sso.enabled(provider));
    // Only on a fresh install, so the usual answer stays as it was.
    return (await firstRun.setupRequired(ctx.db, ctx.config)) ? { ...config, setupRequired: true } : config;
  });
  app.get('/api/banner', async (request) => {
    const user = await readUser(ctx, request);
    return (await findActiveBanner(ctx.db, user !== null)) ?? null;
  });
  app.get('/api/search/enable', async () => ctx.config.env.SEARCH);
}
