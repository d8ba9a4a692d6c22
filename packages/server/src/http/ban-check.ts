import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** Read before signing in: a banned client must still be able to load the page that tells it so. */
const OPEN_TO_BANNED = new Set(['/api/config', '/api/banner']);

/**
 * Refuses every API call (the web app's `/api/` and the OpenAI-compatible `/v1/`) from a banned IP with the catalogue's `ban` answer (403). A banned
 * user is refused in `authenticate`, once the caller is known.
 */
export function installBanCheck(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (!(path.startsWith('/api/') || path.startsWith('/v1/')) || OPEN_TO_BANNED.has(path)) return;
    await ctx.bans.check([`ip:${request.ip}`]);
  });
}
