import { walletVerifySchema, WALLET_MESSAGE_MAX } from '@parley/schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { authDepsOf } from '../auth-deps-of.ts';
import { AppError, unauthorized } from '../errors/app-error.ts';
import { readUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { startSignIn } from '../services/auth/login-service.ts';
import { ATTEMPT_COOKIE, openAttempt, sealAttempt } from '../services/sso/attempt-cookie.ts';
import { resolveExternalAccount } from '../services/sso/external-account-service.ts';
import { linkToSignedInAccount } from '../services/sso/self-link.ts';
import { SsoError } from '../services/sso/sso-error.ts';
import {
  verifyWalletSignIn,
  walletChallenge,
  walletSettings,
  WALLET_NONCE_TTL_SECONDS,
  WALLET_PROVIDER,
} from '../services/sso/wallet-sign-in.ts';
import { pendingTwoFactor } from '../services/two-factor/two-factor-sign-in.ts';
import { setRefreshCookie } from './auth-routes.ts';

/**
 * Wallet sign-in (Sign-In with Ethereum). `GET /api/auth/wallet/nonce` hands out a challenge and
 * binds its nonce to the browser with the signed httpOnly attempt cookie the other external
 * sign-ins use; `POST /api/auth/wallet/verify` takes the wallet's signed message, spends the nonce
 * (one try per challenge, whatever the outcome) and answers as a password login does: the
 * session with its refresh cookie, or the two-factor step. The account rules are those of every
 * external sign-in. With `link: true` and the caller's access token, verify links the wallet to
 * the caller's account instead (the account page's way out of `account_not_linked`).
 */
export function walletRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = authDepsOf(ctx);
  const settings = walletSettings(ctx.config);
  const secret = ctx.config.secrets.ssoSecret;
  const enabled = () => {
    if (!settings) throw new AppError('provider_disabled', 'Wallet sign-in is not enabled on this server.');
    return settings;
  };

  app.get('/api/auth/wallet/nonce', async (request, reply) => {
    const site = enabled();
    await deps.limiter.hit(deps.limits.walletNonce, [`ip:${request.ip}`]);
    const { challenge, attempt } = walletChallenge(site);
    reply.setCookie(ATTEMPT_COOKIE, await sealAttempt(secret, attempt, WALLET_NONCE_TTL_SECONDS), {
      httpOnly: true,
      // Strict: the verify call comes from the web app's own pages, never from another site.
      sameSite: 'strict',
      path: '/',
      secure: ctx.config.serverDomain.startsWith('https://'),
      maxAge: WALLET_NONCE_TTL_SECONDS,
    });
    reply.header('Cache-Control', 'no-store');
    return challenge;
  });

  app.post('/api/auth/wallet/verify', { bodyLimit: WALLET_MESSAGE_MAX * 2 }, async (request, reply) => {
    const site = enabled();
    // A signature cannot be guessed: only the address's ceiling on all sign-in attempts applies.
    await deps.limiter.hit(deps.limits.loginIp, [`ip:${request.ip}`]);
    const input = parse(walletVerifySchema, request.body);
    // Linking from the account page: the wallet joins the account whose access token comes with
    // the request, whoever holds the wallet's address as an e-mail.
    const linkTo = input.link ? await readUser(ctx, request) : null;
    if (input.link && !linkTo) throw unauthorized('Sign in to link a wallet to your account.');
    const attempt = await openAttempt(secret, request.cookies[ATTEMPT_COOKIE]);
    clearAttempt(reply);
    if (!attempt || attempt.provider !== WALLET_PROVIDER || !attempt.requestId) {
      throw new AppError('invalid_state', 'No wallet challenge is open in this browser: ask for a new one.');
    }
    // The nonce answers once: a replayed message, even with the cookie kept aside, is refused.
    const firstUse = await ctx.bus.setIfAbsent(
      `sso:used:${WALLET_PROVIDER}:${attempt.requestId}`,
      '1',
      WALLET_NONCE_TTL_SECONDS * 1000,
    );
    if (!firstUse) throw new AppError('invalid_state', 'This wallet challenge was already used.');
    try {
      const profile = await verifyWalletSignIn(site, input, attempt);
      if (linkTo) {
        await linkToSignedInAccount(ctx.db, linkTo.id, profile);
        return { linked: true };
      }
      const user = await resolveExternalAccount(deps, profile);
      if (user.twoFactorEnabled) return await pendingTwoFactor(deps, user);
      const signIn = await startSignIn(deps, user, request.headers['user-agent'], request.ip);
      setRefreshCookie(deps, reply, signIn);
      return { user: signIn.user, token: signIn.token };
    } catch (err) {
      if (err instanceof SsoError) throw new AppError(err.code, err.message);
      throw err;
    }
  });
}

function clearAttempt(reply: FastifyReply): void {
  reply.clearCookie(ATTEMPT_COOKIE, { path: '/' });
}
