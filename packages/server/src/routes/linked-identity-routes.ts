import { identityIdSchema, linkableProviderSchema } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { listOwnIdentities, unlinkOwnIdentity } from '../services/sso/own-identities.ts';
import type { RedirectSignIn } from '../services/sso/sso-flow.ts';
import type { SsoLanding } from './sso-landing.ts';

/**
 * The Account settings' linked sign-ins: `GET /api/user/identities` lists the caller's,
 * `DELETE /api/user/identities/{id}` removes one of them, and
 * `POST /api/user/identities/link/{provider}` starts linking another redirect sign-in to the
 * caller's account (the wallet links through its verify call with `link: true`).
 */
export function linkedIdentityRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  sso: SsoLanding,
  method: (provider: string) => RedirectSignIn | undefined,
): void {
  const auth = { preHandler: authenticate(ctx) };

  app.get('/api/user/identities', auth, async (request) =>
    listOwnIdentities(ctx.db, currentUser(request).id),
  );

  app.delete<{ Params: { id: string } }>('/api/user/identities/:id', auth, async (request) => {
    const id = parse(identityIdSchema, request.params.id);
    await unlinkOwnIdentity(ctx.db, currentUser(request).id, id);
    return { message: 'Sign-in unlinked' };
  });

  app.post<{ Params: { provider: string } }>(
    '/api/user/identities/link/:provider',
    auth,
    async (request, reply) => {
      const provider = parse(linkableProviderSchema, request.params.provider);
      reply.header('Cache-Control', 'no-store');
      return sso.beginLink(provider === 'wallet' ? undefined : method(provider), reply, currentUser(request));
    },
  );
}
