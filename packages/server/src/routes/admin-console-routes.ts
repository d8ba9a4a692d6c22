import {
  adminApiKeyIdParamsSchema,
  adminBannerIdParamsSchema,
  adminBannerInputSchema,
  auditListQuerySchema,
  type AdminBannerInput,
} from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppEngines } from '../app-engines.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors/app-error.ts';
import { requireAdmin } from '../http/require-admin.ts';
import { parse } from '../http/validate.ts';
import { auditActorOf } from '../http/audit-actor.ts';
import { configurationView } from '../services/admin/config-view.ts';
import { listAllApiKeys, revokeAnyApiKey } from '../services/api-keys/api-key-service.ts';
import { listAudit, recordAudit } from '../services/audit/audit-log.ts';
import {
  createBanner,
  deleteBanner,
  listBanners,
  updateBanner,
  type BannerInput,
} from '../services/banners/banner-service.ts';

function bannerInput(body: AdminBannerInput): BannerInput {
  return {
    message: body.message,
    displayFrom: body.displayFrom ? new Date(body.displayFrom) : undefined,
    displayTo: body.displayTo ? new Date(body.displayTo) : null,
    isPublic: body.isPublic,
  };
}

/** The console's other tabs: the audit log (read only), banners, everyone's API keys, configuration. */
export function adminConsoleRoutes(app: FastifyInstance, ctx: AppContext, engines: AppEngines): void {
  const admin = { preHandler: requireAdmin(ctx) };

  app.get('/api/admin/config', admin, async () =>
    configurationView(ctx.config, engines.chat.endpoints, ctx.mcp),
  );

  app.get('/api/admin/audit', admin, async (request) => {
    const { cursor } = parse(auditListQuerySchema, request.query, 'query');
    return listAudit(ctx.db, cursor);
  });

  app.get('/api/admin/banners', admin, async () => ({ banners: await listBanners(ctx.db) }));

  app.post('/api/admin/banners', admin, async (request, reply) => {
    const body = parse(adminBannerInputSchema, request.body);
    const banner = await createBanner(ctx.db, bannerInput(body));
    await recordAudit(ctx.db, await auditActorOf(ctx.db, request), {
      action: 'banner.create',
      target: { type: 'banner', id: banner.bannerId },
    });
    return reply.code(201).send(banner);
  });

  app.put('/api/admin/banners/:bannerId', admin, async (request) => {
    const { bannerId } = parse(adminBannerIdParamsSchema, request.params, 'params');
    const body = parse(adminBannerInputSchema, request.body);
    const banner = await updateBanner(ctx.db, bannerId, bannerInput(body));
    if (!banner) throw notFound('Banner not found');
    await recordAudit(ctx.db, await auditActorOf(ctx.db, request), {
      action: 'banner.update',
      target: { type: 'banner', id: bannerId },
    });
    return banner;
  });

  app.delete('/api/admin/banners/:bannerId', admin, async (request, reply) => {
    const { bannerId } = parse(adminBannerIdParamsSchema, request.params, 'params');
    if (!(await deleteBanner(ctx.db, bannerId))) throw notFound('Banner not found');
    await recordAudit(ctx.db, await auditActorOf(ctx.db, request), {
      action: 'banner.delete',
      target: { type: 'banner', id: bannerId },
    });
    return reply.code(204).send();
  });

  app.get('/api/admin/api-keys', admin, async () => ({ keys: await listAllApiKeys(ctx.db) }));

  app.delete('/api/admin/api-keys/:id', admin, async (request, reply) => {
    const { id } = parse(adminApiKeyIdParamsSchema, request.params, 'params');
    if (!(await revokeAnyApiKey(ctx.db, ctx.bus, id))) throw notFound('API key not found');
    await recordAudit(ctx.db, await auditActorOf(ctx.db, request), {
      action: 'api_key.revoke',
      target: { type: 'api_key', id },
    });
    return reply.code(204).send();
  });
}
