import { imageProxyQuerySchema } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppEngines } from '../app-engines.ts';
import type { AppContext } from '../context.ts';
import { forbidden } from '../errors/app-error.ts';
import { authenticate } from '../http/authenticate.ts';
import { sendProxiedImage } from '../http/send-proxied-image.ts';
import { parse } from '../http/validate.ts';

/** The refusal when parley.yaml's `interface.remoteImages` is `block`. */
export const remoteImagesBlocked = () =>
  forbidden('Pictures from other hosts are blocked on this server (interface.remoteImages: block).');

/**
 * GET /api/images/proxy?url=…: a picture from another host, fetched by the server (ImageProxy)
 * for a signed-in reader, so the reader's browser never calls that host. The signed-in variant
 * takes any public address; a share's viewers use the share's own route, which takes only the
 * addresses its messages hold (share-routes.ts).
 */
export function imageRoutes(app: FastifyInstance, ctx: AppContext, { images }: AppEngines): void {
  app.get('/api/images/proxy', { preHandler: authenticate(ctx) }, async (request, reply) => {
    const { url } = parse(imageProxyQuerySchema, request.query, 'query');
    if (ctx.config.interface.remoteImages === 'block') throw remoteImagesBlocked();
    return sendProxiedImage(reply, await images.image(url));
  });
}
