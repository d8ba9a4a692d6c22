import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, AuthUser } from '../context.ts';
import { unauthorized } from '../errors/app-error.ts';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** Reads the caller from the access token, or null when there is no valid token. */
export async function readUser(ctx: AppContext, request: FastifyRequest): Promise<AuthUser | null> {
  const token = bearer(request);
  if (!token) return null;
  const claims = await ctx.accessTokens.verify(token);
  if (!claims) return null;
  // A valid signature is not enough: the user must still exist, not be banned, and the sign-in
  // the token came from must not have been revoked (logout, password reset, ban).
  const caller = await ctx.sessionCheck.activeCaller(claims.sub, claims.sid);
  return caller ? { id: caller.id, role: caller.role, sessionId: claims.sid } : null;
}

/** preHandler for routes that need a signed-in user: sets `request.user` or answers 401. */
export function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const user = await readUser(ctx, request);
    if (!user) throw unauthorized();
    await ctx.bans.check([`user:${user.id}`]);
    request.user = user;
  };
}

/** The caller of a route guarded by `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
