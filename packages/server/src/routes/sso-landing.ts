import type { LinkStart, SsoErrorCode } from '@parley/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authDepsOf } from '../auth-deps-of.ts';
import type { AppContext, AuthUser } from '../context.ts';
import { AppError } from '../errors/app-error.ts';
import { resolveFileConfig } from '../services/files/file-config.ts';
import type { ImageProxy } from '../services/images/image-proxy.ts';
import { startSignIn } from '../services/auth/login-service.ts';
import {
  ATTEMPT_COOKIE,
  ATTEMPT_TTL_SECONDS,
  openAttempt,
  sealAttempt,
  type SignInAttempt,
} from '../services/sso/attempt-cookie.ts';
import { resolveExternalAccount } from '../services/sso/external-account-service.ts';
import type { ExternalProfile } from '../services/sso/external-profile.ts';
import { linkToSignedInAccount } from '../services/sso/self-link.ts';
import { SsoError } from '../services/sso/sso-error.ts';
import { copyProviderAvatar } from '../services/sso/provider-avatar.ts';
import type { RedirectSignIn } from '../services/sso/sso-flow.ts';
import { pendingTwoFactor } from '../services/two-factor/two-factor-sign-in.ts';
import { setRefreshCookie } from './auth-routes.ts';

/** What every redirect sign-in does with the browser, whatever the protocol. */
export interface SsoLanding {
  /** Clears the attempt and sends the browser to `/login?redirect=false&error=<code>`. */
  fail(reply: FastifyReply, code: SsoErrorCode): FastifyReply;
  /** Remembers the attempt in its cookie and sends the browser to the provider. */
  begin(flow: RedirectSignIn | undefined, reply: FastifyReply): Promise<FastifyReply>;
  /**
   * The account page's start of linking: the same attempt cookie, bound besides to the signed-in
   * caller and their sign-in; answers where the browser goes (the page navigates there itself,
   * since a navigation cannot carry the access token).
   */
  beginLink(flow: RedirectSignIn | undefined, reply: FastifyReply, caller: AuthUser): Promise<LinkStart>;
  /** This browser's attempt for `provider`, or null when it has none (or a forged one). */
  attempt(request: FastifyRequest, provider: string): Promise<SignInAttempt | null>;
  /** True the first time an attempt is finished; a replay gets false. */
  firstUse(attempt: SignInAttempt): Promise<boolean>;
  /**
   * Turns a checked profile into a session (or the two-factor step) and lands on /c/new;
   * an SsoError or any other failure lands on the login page. A linking attempt instead links
   * the profile to the account that started it and lands on `/c/new?linked=<provider>`, or
   * `/c/new?link_error=<code>`: that person is still signed in, so not on the login page.
   */
  finish(
    request: FastifyRequest,
    reply: FastifyReply,
    attempt: SignInAttempt,
    profileOf: () => Promise<ExternalProfile>,
  ): Promise<FastifyReply>;
}

/**
 * The destinations are fixed paths of the client origin: nothing in a request chooses where the
 * browser goes next.
 */
export function ssoLanding(ctx: AppContext, images: ImageProxy): SsoLanding {
  const deps = authDepsOf(ctx);
  const avatarDeps = {
    db: ctx.db,
    blobStore: ctx.blobStore,
    logger: ctx.logger,
    images,
    avatarSizeLimit: resolveFileConfig(ctx.config.yaml.fileConfig).avatarSizeLimit,
  };
  const secretFor = (provider: string) =>
    (provider === 'saml' ? ctx.config.env.SAML_SESSION_SECRET : undefined) ?? ctx.config.secrets.ssoSecret;
  const loginPage = (code: SsoErrorCode) =>
    new URL(`/login?redirect=false&error=${code}`, ctx.config.clientDomain).href;
  const landing = new URL('/c/new', ctx.config.clientDomain).href;
  const secondStep = (tempToken: string) => {
    const url = new URL('/login/2fa', ctx.config.clientDomain);
    url.searchParams.set('tempToken', tempToken);
    return url.href;
  };

  const fail = (reply: FastifyReply, code: SsoErrorCode) => {
    reply.clearCookie(ATTEMPT_COOKIE, { path: '/' });
    return reply.redirect(loginPage(code), 302);
  };
  const linkLanding = (reply: FastifyReply, key: 'linked' | 'link_error', value: string) => {
    reply.clearCookie(ATTEMPT_COOKIE, { path: '/' });
    const url = new URL('/c/new', ctx.config.clientDomain);
    url.searchParams.set(key, value);
    return reply.redirect(url.href, 302);
  };
  const attemptCookieOptions = {
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level GET from its own site.
    sameSite: 'lax',
    path: '/',
    secure: ctx.config.serverDomain.startsWith('https://'),
    maxAge: ATTEMPT_TTL_SECONDS,
  } as const;

  /**
   * A linking attempt's end. The attempt cookie proves this browser started it; the sign-in
   * named in it must still be live (a logout, a password reset or a ban ends it), so a browser
   * left with someone's attempt after they signed out links nothing, and the link goes to the
   * account named in the signed cookie, never to whoever holds the provider's address.
   */
  const finishLink = async (
    reply: FastifyReply,
    attempt: SignInAttempt,
    profileOf: () => Promise<ExternalProfile>,
  ) => {
    const provider = attempt.provider;
    try {
      const live = await ctx.sessionCheck.activeCaller(attempt.linkUserId!, attempt.linkSessionId);
      if (!live || !attempt.linkSessionId) return linkLanding(reply, 'link_error', 'link_session_ended');
      await linkToSignedInAccount(ctx.db, live.id, await profileOf());
      return linkLanding(reply, 'linked', provider);
    } catch (err) {
      if (err instanceof SsoError) return linkLanding(reply, 'link_error', err.code);
      ctx.logger.warn({ err, provider }, 'linking an external sign-in failed');
      return linkLanding(reply, 'link_error', 'callback_failed');
    }
  };

  return {
    fail,

    async begin(flow, reply) {
      if (!flow) return fail(reply, 'provider_disabled');
      try {
        const { redirectUrl, attempt } = await flow.begin();
        reply.setCookie(
          ATTEMPT_COOKIE,
          await sealAttempt(secretFor(attempt.provider), attempt),
          attemptCookieOptions,
        );
        return reply.redirect(redirectUrl, 302);
      } catch (err) {
        if (err instanceof SsoError) return fail(reply, err.code);
        ctx.logger.error({ err, provider: flow.provider }, 'could not start an external sign-in');
        return fail(reply, 'provider_disabled');
      }
    },

    async beginLink(flow, reply, caller) {
      if (!flow) throw new AppError('provider_disabled', 'This sign-in is not enabled on this server.');
      if (!caller.sessionId) throw new AppError('link_session_ended', 'Sign in again to link a sign-in.');
      const { redirectUrl, attempt } = await flow.begin().catch((err: unknown) => {
        // A provider that cannot start (e.g. its discovery failed) is a refusal, not a crash.
        throw err instanceof SsoError ? new AppError(err.code, err.message) : err;
      });
      const bound: SignInAttempt = { ...attempt, linkUserId: caller.id, linkSessionId: caller.sessionId };
      reply.setCookie(
        ATTEMPT_COOKIE,
        await sealAttempt(secretFor(attempt.provider), bound),
        attemptCookieOptions,
      );
      return { redirectUrl };
    },

    attempt: (request, provider) => openAttempt(secretFor(provider), request.cookies[ATTEMPT_COOKIE]),

    firstUse: (attempt) =>
      ctx.bus.setIfAbsent(`sso:used:${attempt.provider}:${attempt.state}`, '1', ATTEMPT_TTL_SECONDS * 1000),

    async finish(request, reply, attempt, profileOf) {
      const provider = attempt.provider;
      if (attempt.linkUserId) return finishLink(reply, attempt, profileOf);
      try {
        // A provider's avatar address becomes a copy Parley serves (the pages load no other host).
        const user = await copyProviderAvatar(
          avatarDeps,
          await resolveExternalAccount(deps, await profileOf()),
        );
        reply.clearCookie(ATTEMPT_COOKIE, { path: '/' });
        // An account with two-factor on gets no session from its identity provider alone: the
        // browser goes to the second step with the same tempToken a password login would answer.
        if (user.twoFactorEnabled) {
          const { tempToken } = await pendingTwoFactor(deps, user);
          return reply.redirect(secondStep(tempToken), 302);
        }
        const signIn = await startSignIn(deps, user, request.headers['user-agent'], request.ip);
        setRefreshCookie(deps, reply, signIn);
        return reply.redirect(landing, 302);
      } catch (err) {
        if (err instanceof SsoError) return fail(reply, err.code);
        ctx.logger.warn({ err, provider }, 'external sign-in callback failed');
        return fail(reply, 'callback_failed');
      }
    },
  };
}
