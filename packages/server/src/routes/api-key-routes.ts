import { apiKeyIdParamsSchema, createApiKeySchema, hasPermission } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { forbidden } from '../errors/app-error.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { createApiKey, deleteApiKey, listApiKeys } from '../services/api-keys/api-key-service.ts';
import { sessionCaller } from '../services/permissions/session-caller.ts';

/**
 * The caller's personal API keys (for the OpenAI-compatible `/v1/` routes), managed from a web
 * session only: a key cannot make, list or revoke keys. Creating one needs the role's
 * API_KEYS.USE; listing and revoking do not, so a person whose permission was taken away can
 * still see and remove what they made.
 */
export function apiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = { preHandler: authenticate(ctx) };

  app.post('/api/api-keys', auth, async (request, reply) => {
    const user = currentUser(request);
    if (!hasPermission((await sessionCaller(ctx.db, user)).role, 'API_KEYS', 'USE'))
      throw forbidden('Your role may not create API keys.');
    const body = parse(createApiKeySchema, request.body);
    return reply.code(201).send(await createApiKey(ctx.db, user.id, body));
  });

  app.get('/api/api-keys', auth, async (request) => listApiKeys(ctx.db, currentUser(request).id));

  app.delete('/api/api-keys/:id', auth, async (request, reply) => {
    const { id } = parse(apiKeyIdParamsSchema, request.params, 'params');
    await deleteApiKey(ctx.db, ctx.bus, currentUser(request).id, id);
    return reply.code(204).send();
  });
}
