import { setupPayloadSchema, setupProviderSchema } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppEngines } from '../app-engines.ts';
import type { AppContext } from '../context.ts';
import { authDepsOf } from '../auth-deps-of.ts';
import { parse } from '../http/validate.ts';
import { startSignIn } from '../services/auth/login-service.ts';
import { applyInstanceSettings } from '../services/setup/instance-settings-config.ts';
import { readInstanceSettings } from '../services/setup/instance-settings-store.ts';
import { checkProviderKey } from '../services/setup/provider-key-check.ts';
import { assertSetupOpen, runSetup, setupStatus } from '../services/setup/setup-service.ts';
import { setRefreshCookie } from './auth-routes.ts';

/**
 * The first run: open to anyone, but only while the instance has no account. Creating the
 * administrator signs them in, as the page goes straight on to the chat.
 */
export function setupRoutes(app: FastifyInstance, ctx: AppContext, engines: AppEngines): void {
  const deps = authDepsOf(ctx);

  app.get('/api/setup', async () => setupStatus(ctx.db, ctx.config));

  app.post('/api/setup/provider-check', async (request) => {
    // The check makes the server call an address a stranger typed: never once the instance has an owner.
    await assertSetupOpen(ctx.db, ctx.config);
    await deps.limiter.hit(deps.limits.register, [`ip:${request.ip}`]);
    return checkProviderKey(parse(setupProviderSchema, request.body));
  });

  app.post('/api/setup', async (request, reply) => {
    await assertSetupOpen(ctx.db, ctx.config);
    await deps.limiter.hit(deps.limits.register, [`ip:${request.ip}`]);
    const admin = await runSetup(ctx.db, ctx.config, parse(setupPayloadSchema, request.body));
    // The saved settings apply at once on this instance: the name in the page, the provider in the picker.
    if (applyInstanceSettings(ctx.config, await readInstanceSettings(ctx.db))) {
      await engines.chat.endpoints.adopt(ctx.config);
    }
    const signIn = await startSignIn(deps, admin, request.headers['user-agent'], request.ip);
    setRefreshCookie(deps, reply, signIn);
    return { user: signIn.user, token: signIn.token };
  });
}
