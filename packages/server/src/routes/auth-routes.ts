import {
  REFRESH_COOKIE,
  loginSchema,
  registerSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
} from '@parley/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { readUser } from '../http/authenticate.ts';
import { AppError, forbidden } from '../errors/app-error.ts';
import { ERROR_STATUS } from '../http/error-status.ts';
import { parse } from '../http/validate.ts';
import { authDepsOf } from '../auth-deps-of.ts';
import type { AuthDeps } from '../services/auth/auth-deps.ts';
import {
  assertEmailLoginAllowed,
  checkCredentials,
  startSignIn,
  type SignIn,
} from '../services/auth/login-service.ts';
import {
  assertPasswordResetAllowed,
  requestPasswordReset,
  resetPassword,
} from '../services/auth/password-reset-service.ts';
import { INVALID_REFRESH, refreshSignIn, signOut } from '../services/auth/refresh-service.ts';
import { issueHumanCheckGrant, takeHumanCheckGrant } from '../services/human-check/human-check-grant.ts';
import { assertHumanCheckPassed, humanCheckEnforced } from '../services/human-check/turnstile-verifier.ts';
import {
  REGISTRATION_NOT_ALLOWED,
  assertRegistrationOpen,
  registerUser,
} from '../services/auth/register-service.ts';
import { pendingTwoFactor } from '../services/two-factor/two-factor-sign-in.ts';
import { countLoginAttempt, forgiveLoginAttempt } from '../services/rate-limit/login-attempts.ts';
import { checkDirectoryCredentials } from '../services/sso/directory-login.ts';
import { LdapDirectory, ldapSettings } from '../services/sso/ldap-directory.ts';
import { normalizeEmail } from '../services/users/public-user.ts';
import { findUserById } from '../services/users/user-service.ts';

/**
 * Whether the browser reached Parley over https: DOMAIN_SERVER says so, or the request came over
 * TLS — directly, or through a proxy named in TRUST_PROXY that sent `X-Forwarded-Proto: https`
 * (Fastify believes that header only from trusted proxies).
 */
function servedOverHttps(deps: AuthDeps, reply: FastifyReply): boolean {
  return deps.config.serverDomain.startsWith('https://') || reply.request.protocol === 'https';
}

/**
 * The refresh cookie's attributes: httpOnly, SameSite=Strict, Secure when the server is served
 * over https. Clearing uses the same ones: a browser may keep a cookie whose clearing names other
 * attributes (Chrome refuses to overwrite a Secure cookie with a non-Secure one, for instance).
 */
function refreshCookieOptions(deps: AuthDeps, reply: FastifyReply) {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: servedOverHttps(deps, reply),
  } as const;
}

export function setRefreshCookie(deps: AuthDeps, reply: FastifyReply, signIn: SignIn): void {
  reply.setCookie(REFRESH_COOKIE, signIn.refresh.token, {
    ...refreshCookieOptions(deps, reply),
    maxAge: Math.floor(deps.config.env.REFRESH_TOKEN_EXPIRY / 1000),
  });
}

export function clearRefreshCookie(deps: AuthDeps, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, refreshCookieOptions(deps, reply));
}

/** The refresh answer without a cookie (a visitor who is not signed in). */
export const REFRESH_NOT_PROVIDED = 'Refresh token not provided';

/** Rate-limit keys of a request: its IP and, when the body names one, the email address. */
export function limitKeys(request: FastifyRequest): string[] {
  const email = typedAccount(request);
  return [`ip:${request.ip}`, ...(email ? [`email:${email.slice(0, 200)}`] : [])];
}

/** The address (or directory name) a form names, normalised; empty when it names none. */
function typedAccount(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | null | undefined;
  const email = body && typeof body === 'object' && typeof body.email === 'string' ? body.email : '';
  return email.trim() ? normalizeEmail(email) : '';
}

/** Sign-up, sign-in, session refresh, sign-out and password reset. */
export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = authDepsOf(ctx);
  const signInAnswer = (reply: FastifyReply, signIn: SignIn) => {
    setRefreshCookie(deps, reply, signIn);
    return { user: signIn.user, token: signIn.token };
  };
  // With LDAP configured the login form signs in against the directory, not local passwords.
  const ldap = ldapSettings(ctx.config.env);
  const directory = ldap ? new LdapDirectory(ldap, ctx.logger) : null;

  app.post('/api/auth/register', async (request) => {
    // With LDAP the directory holds the passwords: a password made here could never sign in.
    if (directory) throw forbidden(REGISTRATION_NOT_ALLOWED);
    assertRegistrationOpen(deps.config, request.body);
    await deps.limiter.hit(deps.limits.register, [`ip:${request.ip}`]);
    const input = parse(registerSchema, request.body);
    await assertHumanCheckPassed(deps.config, input.turnstileToken, request.ip);
    const answer = await registerUser(deps, input);
    // The answer was spent here; the sign-in that follows presents this grant instead.
    if (!humanCheckEnforced(deps.config)) return answer;
    return { ...answer, humanCheckGrant: await issueHumanCheckGrant(deps.bus, input.email) };
  });

  app.post('/api/auth/login', async (request, reply) => {
    if (!directory) assertEmailLoginAllowed(deps.config);
    const attempt = { ip: request.ip, account: typedAccount(request) };
    await countLoginAttempt(deps.limiter, deps.limits, attempt);
    const input = parse(loginSchema, request.body);
    const granted =
      humanCheckEnforced(deps.config) &&
      input.humanCheckGrant !== undefined &&
      (await takeHumanCheckGrant(deps.bus, input.humanCheckGrant, input.email));
    if (!granted) await assertHumanCheckPassed(deps.config, input.turnstileToken, request.ip);
    const user = directory
      ? await checkDirectoryCredentials(deps, directory, input)
      : await checkCredentials(deps, input);
    await forgiveLoginAttempt(deps.limiter, deps.limits, attempt);
    // With two-factor on, no session yet: the second step (verify-temp) starts it.
    if (user.twoFactorEnabled) return pendingTwoFactor(deps, user);
    return signInAnswer(reply, await startSignIn(deps, user, request.headers['user-agent'], request.ip));
  });

  // As in the API the spec describes: no cookie is a normal signed-out start (200 with a message
  // and no token, so the client shows the login page); a refused token is 403. On the client's
  // `?retry=true` attempt every failure is 403, so a client that retries a 401 once never loops.
  app.post<{ Querystring: { retry?: string } }>('/api/auth/refresh', async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (!presented) return { message: REFRESH_NOT_PROVIDED };
    try {
      return signInAnswer(reply, await refreshSignIn(deps, presented));
    } catch (err) {
      clearRefreshCookie(deps, reply);
      if (request.query.retry === 'true' && !(err instanceof AppError && ERROR_STATUS[err.code] === 403)) {
        request.log.error({ err }, 'session refresh failed on retry');
        throw forbidden(INVALID_REFRESH);
      }
      throw err;
    }
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const caller = await readUser(ctx, request);
    await signOut(deps, {
      refreshToken: request.cookies[REFRESH_COOKIE],
      userId: caller?.id,
      sessionId: caller?.sessionId,
    });
    if (caller) ctx.sessionCheck.forget(caller.id);
    clearRefreshCookie(deps, reply);
    // Someone who signed in through OpenID also ends the provider's session: the answer names
    // the provider's sign-out address and the client follows it.
    const account = caller ? await findUserById(ctx.db, caller.id) : null;
    const redirect = account?.provider === 'openid' ? ctx.sso.openid?.logoutUrl() : undefined;
    return redirect ? { message: 'Logout successful', redirect } : { message: 'Logout successful' };
  });

  app.post('/api/auth/requestPasswordReset', async (request) => {
    assertPasswordResetAllowed(deps.config);
    await deps.limiter.hit(deps.limits.resetPassword, limitKeys(request));
    const { email } = parse(requestPasswordResetSchema, request.body);
    return requestPasswordReset(deps, email);
  });

  app.post('/api/auth/resetPassword', async (request) => {
    assertPasswordResetAllowed(deps.config);
    await deps.limiter.hit(deps.limits.resetPassword, [`ip:${request.ip}`]);
    const input = parse(resetPasswordSchema, request.body);
    const answer = await resetPassword(deps, input);
    ctx.sessionCheck.forget(input.userId);
    return answer;
  });
}
