import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { forbidden } from '../errors/app-error.ts';
import { authenticate } from './authenticate.ts';

/**
 * preHandler for administrators' routes: a signed-in caller (401 otherwise) whose role, read
 * with the session on every request, is ADMIN (403 otherwise).
 */
export function authenticateAdmin(ctx: AppContext) {
  const signedIn = authenticate(ctx);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await signedIn(request, reply);
    if (request.user?.role !== 'ADMIN') throw forbidden('Only administrators may do this.');
  };
}
