import { SOCIAL_PROVIDERS } from '@parley/schema';
import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import type { AppEngines } from '../app-engines.ts';
import type { AppContext } from '../context.ts';
import type { RedirectSignIn } from '../services/sso/sso-flow.ts';
import { linkedIdentityRoutes } from './linked-identity-routes.ts';
import { samlRoutes } from './saml-routes.ts';
import { ssoLanding } from './sso-landing.ts';

const SOCIAL_ONLY = new Set(['discord', 'facebook', 'github', 'google', 'apple']);

/**
 * External sign-in: `GET /oauth/{provider}` sends the browser to the provider;
 * `/oauth/{provider}/callback` checks its answer, signs the person in with the same refresh
 * session as a password login and lands on /c/new. Any failure lands on
 * `/login?redirect=false&error=<code>`. Both destinations are fixed paths of the client origin:
 * nothing in a request chooses where the browser goes next.
 */
export function ssoRoutes(app: FastifyInstance, ctx: AppContext, { images }: AppEngines): void {
  const sso = ssoLanding(ctx, images);

  /** The method for a provider, honouring ALLOW_SOCIAL_LOGIN for the five social ones. */
  const method = (provider: string): RedirectSignIn | undefined => {
    if (SOCIAL_ONLY.has(provider) && !ctx.config.env.ALLOW_SOCIAL_LOGIN) return undefined;
    return ctx.sso.configured(provider);
  };

  const begin = (provider: string, reply: FastifyReply) => sso.begin(method(provider), reply);

  const fail = sso.fail;

  const callback = async (provider: string, request: FastifyRequest, reply: FastifyReply) => {
    const query = new URLSearchParams(request.query as Record<string, string>);
    const attempt = await sso.attempt(request, provider);
    const flow = method(provider);
    if (!flow) return fail(reply, 'provider_disabled');
    if (query.get('error')) return fail(reply, 'access_denied');
    if (!query.get('code')) return fail(reply, 'missing_code');
    if (!query.get('state')) return fail(reply, 'missing_state');
    if (!attempt || attempt.provider !== provider || attempt.state !== query.get('state')) {
      return fail(reply, 'invalid_state');
    }
    if (!(await sso.firstUse(attempt))) return fail(reply, 'invalid_state');
    return sso.finish(request, reply, attempt, async () => (await flow.complete(query, attempt)).profile);
  };

  for (const provider of SOCIAL_PROVIDERS) {
    if (provider === 'saml') continue;
    app.get(`/oauth/${provider}`, (_request, reply) => begin(provider, reply));
    app.get(`/oauth/${provider}/callback`, (request, reply) => callback(provider, request, reply));
  }
  // Apple answers with a cross-site form POST, which carries no SameSite=Lax cookie: hand the
  // same fields to the GET callback with a 303, a top-level navigation that does carry it.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.post('/oauth/apple/callback', async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const forward = new URLSearchParams();
      for (const key of ['code', 'state', 'user', 'error']) {
        if (typeof body[key] === 'string') forward.set(key, body[key]);
      }
      return reply.redirect(`/oauth/apple/callback?${forward.toString()}`, 303);
    });
  });
  // GET /api/auth/google, the specification's alias for a social start: the same start as the
  // Google button.
  app.get('/api/auth/google', (_request, reply) => begin('google', reply));
  samlRoutes(app, ctx, sso);
  linkedIdentityRoutes(app, ctx, sso, method);
}
