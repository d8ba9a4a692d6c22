import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { forbidden } from '../errors/app-error.ts';
import { authenticate, currentUser } from './authenticate.ts';

/**
 * preHandler for every `/api/admin/…` route: a signed-in caller (401) whose role, as stored now
 * (the session check reads it from the database, not from the token), is ADMIN (else 403).
 */
export function requireAdmin(ctx: AppContext) {
  const signedIn = authenticate(ctx);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await signedIn(request, reply);
    if (currentUser(request).role !== 'ADMIN') throw forbidden('Only administrators may do this.');
  };
}
