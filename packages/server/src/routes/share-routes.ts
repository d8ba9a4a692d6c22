import {
  imageProxyQuerySchema,
  listSharedLinksQuerySchema,
  shareConversationParamsSchema,
  shareIdParamsSchema,
} from '@parley/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppEngines } from '../app-engines.ts';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser, readUser } from '../http/authenticate.ts';
import { forbidden, notFound, unauthorized } from '../errors/app-error.ts';
import { sendProxiedImage } from '../http/send-proxied-image.ts';
import { parse } from '../http/validate.ts';
import { shareLinksImage } from '../services/shares/share-image-urls.ts';
import { remoteImagesBlocked } from './image-routes.ts';
import { listSharedLinks } from '../services/shares/share-list.ts';
import {
  createShare,
  deleteShare,
  getSharedConversation,
  lookupShare,
  refreshShare,
} from '../services/shares/share-service.ts';

/**
 * Share links. With ALLOW_SHARED_LINKS off no link can be made, refreshed or read;
 * the owner can still list and delete old ones. With ALLOW_SHARED_LINKS_PUBLIC off reading a
 * link needs a signed-in user (any user). A link's pictures from other hosts are fetched by the
 * image proxy, and only those its messages link.
 */
export function shareRoutes(app: FastifyInstance, ctx: AppContext, { images }: AppEngines): void {
  const auth = { preHandler: authenticate(ctx) };
  const { ALLOW_SHARED_LINKS, ALLOW_SHARED_LINKS_PUBLIC } = ctx.config.env;
  const requireSharing = () => {
    if (!ALLOW_SHARED_LINKS) throw forbidden('Shared links are disabled');
  };
  const requireReader = async (request: FastifyRequest) => {
    if (ALLOW_SHARED_LINKS_PUBLIC) return;
    if (!(await readUser(ctx, request))) throw unauthorized();
  };

  app.get('/api/share', auth, async (request) => {
    const query = parse(listSharedLinksQuerySchema, request.query, 'query');
    return listSharedLinks(ctx.db, currentUser(request).id, query);
  });

  app.get('/api/share/link/:conversationId', auth, async (request) => {
    const { conversationId } = parse(shareConversationParamsSchema, request.params, 'params');
    return lookupShare(ctx.db, currentUser(request).id, conversationId);
  });

  app.get('/api/share/:shareId', async (request) => {
    const { shareId } = parse(shareIdParamsSchema, request.params, 'params');
    if (!ALLOW_SHARED_LINKS) throw notFound('Shared link not found');
    await requireReader(request);
    return getSharedConversation(ctx.db, shareId);
  });

  app.get('/api/share/:shareId/images', async (request, reply) => {
    const { shareId } = parse(shareIdParamsSchema, request.params, 'params');
    const { url } = parse(imageProxyQuerySchema, request.query, 'query');
    if (!ALLOW_SHARED_LINKS) throw notFound('Shared link not found');
    await requireReader(request);
    if (ctx.config.interface.remoteImages === 'block') throw remoteImagesBlocked();
    const shared = await getSharedConversation(ctx.db, shareId);
    if (!shareLinksImage(shared.messages, url))
      throw forbidden('This shared conversation does not link that picture.');
    return sendProxiedImage(reply, await images.image(url));
  });

  app.post('/api/share/:conversationId', auth, async (request, reply) => {
    const { conversationId } = parse(shareConversationParamsSchema, request.params, 'params');
    requireSharing();
    const { link, created } = await createShare(ctx.db, currentUser(request).id, conversationId);
    return reply.code(created ? 201 : 200).send(link);
  });

  app.patch('/api/share/:shareId', auth, async (request) => {
    const { shareId } = parse(shareIdParamsSchema, request.params, 'params');
    requireSharing();
    return refreshShare(ctx.db, currentUser(request).id, shareId);
  });

  app.delete('/api/share/:shareId', auth, async (request) => {
    const { shareId } = parse(shareIdParamsSchema, request.params, 'params');
    return deleteShare(ctx.db, currentUser(request).id, shareId);
  });
}
