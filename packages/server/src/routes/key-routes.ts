import { deleteAllKeysQuerySchema, setUserKeySchema, userKeyQuerySchema } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppEngines } from '../app-engines.ts';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';

/**
 * The caller's own provider keys for endpoints whose key each user provides: set with an optional
 * expiry, read back as the expiry only, deleted one by one or all; values go in encrypted and
 * never come back out.
 */
export function keyRoutes(app: FastifyInstance, ctx: AppContext, { keys }: AppEngines): void {
  const auth = { preHandler: authenticate(ctx) };

  app.put('/api/keys', auth, async (request, reply) => {
    const { name, value, expiresAt } = parse(setUserKeySchema, request.body);
    await keys.set(currentUser(request).id, name, value, expiresAt);
    return reply.code(201).send();
  });

  app.get('/api/keys', auth, async (request) => {
    const { name } = parse(userKeyQuerySchema, request.query, 'query');
    return keys.expiry(currentUser(request).id, name);
  });

  app.delete<{ Params: { name: string } }>('/api/keys/:name', auth, async (request, reply) => {
    const { name } = parse(userKeyQuerySchema, request.params, 'params');
    await keys.delete(currentUser(request).id, name);
    return reply.code(204).send();
  });

  app.delete('/api/keys', auth, async (request, reply) => {
    parse(deleteAllKeysQuerySchema, request.query, 'query');
    await keys.deleteAll(currentUser(request).id);
    return reply.code(204).send();
  });
}
