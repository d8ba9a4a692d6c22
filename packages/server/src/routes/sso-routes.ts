import { SOCIAL_PROVIDERS, type SsoErrorCode } from '@parley/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authDepsOf } from '../auth-deps-of.ts';
import { startSignIn } from '../services/auth/login-service.ts';
import { pendingTwoFactor } from '../services/two-factor/two-factor-sign-in.ts';
import {
  ATTEMPT_COOKIE,
  ATTEMPT_TTL_SECONDS,
  openAttempt,
  sealAttempt,
  type SignInAttempt,
} from '../services/sso/attempt-cookie.ts';
import { resolveExternalAccount } from '../services/sso/external-account-service.ts';
import { SsoError } from '../services/sso/sso-error.ts';
import type { RedirectSignIn } from '../services/sso/sso-flow.ts';
import { setRefreshCookie } from './auth-routes.ts';

const SOCIAL_ONLY = new Set(['discord', 'facebook', 'github', 'google', 'apple']);

/**
 * External sign-in: `GET /oauth/{provider}` sends the browser to the provider;
 * `/oauth/{provider}/callback` checks its answer, signs the person in with the same refresh
 * session as a password login and lands on /c/new. Any failure lands on
 * `/login?redirect=false&error=<code>`. Both destinations are fixed paths of the client origin:
 * nothing in a request chooses where the browser goes next.
 */
export function ssoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = authDepsOf(ctx);
  const secret = ctx.config.secrets.ssoSecret;
  const loginPage = (code: SsoErrorCode) =>
    new URL(`/login?redirect=false&error=${code}`, ctx.config.clientDomain).href;
  const landing = new URL('/c/new', ctx.config.clientDomain).href;
  const secondStep = (tempToken: string) => {
    const url = new URL('/login/2fa', ctx.config.clientDomain);
    url.searchParams.set('tempToken', tempToken);
    return url.href;
  };

  /** The method for a provider, honouring ALLOW_SOCIAL_LOGIN for the five social ones. */
  const method = (provider: string): RedirectSignIn | undefined => {
    if (SOCIAL_ONLY.has(provider) && !ctx.config.env.ALLOW_SOCIAL_LOGIN) return undefined;
    return ctx.sso.configured(provider);
  };

  const fail = (reply: FastifyReply, code: SsoErrorCode) => {
    clearAttempt(reply);
    return reply.redirect(loginPage(code), 302);
  };

  const begin = async (provider: string, reply: FastifyReply) => {
    const flow = method(provider);
    if (!flow) return fail(reply, 'provider_disabled');
    try {
      const { redirectUrl, attempt } = await flow.begin();
      reply.setCookie(ATTEMPT_COOKIE, await sealAttempt(secret, attempt), {
        httpOnly: true,
        // Lax: the provider sends the browser back with a top-level GET from its own site.
        sameSite: 'lax',
        path: '/',
        secure: ctx.config.serverDomain.startsWith('https://'),
        maxAge: ATTEMPT_TTL_SECONDS,
      });
      return reply.redirect(redirectUrl, 302);
    } catch (err) {
      if (err instanceof SsoError) return fail(reply, err.code);
      ctx.logger.error({ err, provider }, 'could not start an external sign-in');
      return fail(reply, 'provider_disabled');
    }
  };

  const callback = async (provider: string, request: FastifyRequest, reply: FastifyReply) => {
    const query = new URLSearchParams(request.query as Record<string, string>);
    const attempt = await openAttempt(secret, request.cookies[ATTEMPT_COOKIE]);
    const flow = method(provider);
    if (!flow) return fail(reply, 'provider_disabled');
    if (query.get('error')) return fail(reply, 'access_denied');
    if (!query.get('code')) return fail(reply, 'missing_code');
    if (!query.get('state')) return fail(reply, 'missing_state');
    if (!attempt || attempt.provider !== provider || attempt.state !== query.get('state')) {
      return fail(reply, 'invalid_state');
    }
    if (!(await firstUse(attempt))) return fail(reply, 'invalid_state');
    try {
      const { profile } = await flow.complete(query, attempt);
      const user = await resolveExternalAccount(deps, profile);
      clearAttempt(reply);
      // An account with two-factor on gets no session from its identity provider alone: the
      // browser goes to the second step with the same tempToken a password login would answer.
      if (user.twoFactorEnabled) {
        const { tempToken } = await pendingTwoFactor(deps, user);
        return reply.redirect(secondStep(tempToken), 302);
      }
      const signIn = await startSignIn(deps, user, request.headers['user-agent']);
      setRefreshCookie(deps, reply, signIn);
      return reply.redirect(landing, 302);
    } catch (err) {
      if (err instanceof SsoError) return fail(reply, err.code);
      ctx.logger.warn({ err, provider }, 'external sign-in callback failed');
      return fail(reply, 'callback_failed');
    }
  };

  /** An attempt finishes once: a replayed callback (same state) is refused even with its cookie. */
  const firstUse = (attempt: SignInAttempt) =>
    ctx.bus.setIfAbsent(`sso:used:${attempt.provider}:${attempt.state}`, '1', ATTEMPT_TTL_SECONDS * 1000);

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
}

function clearAttempt(reply: FastifyReply): void {
  reply.clearCookie(ATTEMPT_COOKIE, { path: '/' });
}
