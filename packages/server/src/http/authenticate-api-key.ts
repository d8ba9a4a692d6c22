import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors/app-error.ts';
import { apiKeyCaller, type ApiKeyCaller } from '../services/api-keys/api-key-caller.ts';

const callers = new WeakMap<FastifyRequest, ApiKeyCaller>();

const REFUSALS = {
  invalid: new AppError('unauthorized', 'Incorrect API key provided. Create one under Settings → API keys.', {
    openaiCode: 'invalid_api_key',
  }),
  expired: new AppError(
    'unauthorized',
    'This API key has expired. Create a new one under Settings → API keys.',
    {
      openaiCode: 'expired_api_key',
    },
  ),
  not_allowed: new AppError('forbidden', 'Your role may not use API keys.', {
    openaiCode: 'api_keys_not_allowed',
  }),
  missing: new AppError('unauthorized', 'Send your API key as "Authorization: Bearer pk-parley-…".', {
    openaiCode: 'missing_api_key',
  }),
};

/**
 * preHandler of the `/v1/` routes: only a personal API key opens them (a web session's access
 * token is not one and is refused). The owner's violation bans apply as in the chat.
 */
export function authenticateApiKey(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const presented = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!presented) throw REFUSALS.missing;
    const caller = await apiKeyCaller(ctx.db, ctx.bus, presented);
    if (typeof caller === 'string') throw REFUSALS[caller];
    await ctx.bans.check([`user:${caller.user.id}`]);
    request.user = caller.user;
    callers.set(request, caller);
  };
}

/** The key and its owner of a request `authenticateApiKey` let through. */
export function currentKeyCaller(request: FastifyRequest): ApiKeyCaller {
  const caller = callers.get(request);
  if (!caller) throw REFUSALS.missing;
  return caller;
}
