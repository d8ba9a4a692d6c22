import {
  PASSKEY_MESSAGES as M,
  passkeyAuthenticationSchema,
  passkeyRegistrationSchema,
  passkeyRenameSchema,
} from '@parley/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { authDepsOf } from '../auth-deps-of.ts';
import { unauthorized } from '../errors/app-error.ts';
import { startSignIn } from '../services/auth/login-service.ts';
import { passkeyRegistrationOptions, registerPasskey } from '../services/passkeys/passkey-registration.ts';
import { passkeySignInOptions, verifyPasskeySignIn } from '../services/passkeys/passkey-sign-in.ts';
import {
  listPasskeys,
  removePasskey,
  renamePasskey,
  toPublicPasskey,
} from '../services/passkeys/passkey-store.ts';
import { relyingPartyOf } from '../services/passkeys/relying-party.ts';
import { findUserById } from '../services/users/user-service.ts';
import { setRefreshCookie } from './auth-routes.ts';

/** A credential answer is a few kilobytes; anything far larger is refused before it is parsed. */
const PASSKEY_BODY_LIMIT = 64 * 1024;

/**
 * Passkeys: registering and managing them in the Account settings, and signing in with one. A
 * passkey sign-in checks possession of the key and its holder (user verification), so it starts
 * a session without asking for a two-factor code.
 */
export function passkeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = authDepsOf(ctx);
  const rp = relyingPartyOf(ctx.config);
  const auth = { preHandler: authenticate(ctx) };
  const signedInUser = async (request: FastifyRequest) => {
    const user = await findUserById(ctx.db, currentUser(request).id);
    if (!user) throw unauthorized();
    return user;
  };

  app.get('/api/auth/passkeys', auth, async (request) => ({
    passkeys: (await listPasskeys(ctx.db, currentUser(request).id)).map(toPublicPasskey),
  }));

  app.post('/api/auth/passkeys/registration/options', auth, async (request) =>
    passkeyRegistrationOptions(ctx.db, rp, await signedInUser(request)),
  );

  app.post('/api/auth/passkeys/registration', { ...auth, bodyLimit: PASSKEY_BODY_LIMIT }, async (request) =>
    registerPasskey(ctx.db, rp, await signedInUser(request), parse(passkeyRegistrationSchema, request.body)),
  );

  app.patch<{ Params: { id: string } }>(
    '/api/auth/passkeys/:id',
    { ...auth, bodyLimit: PASSKEY_BODY_LIMIT },
    async (request) =>
      renamePasskey(
        ctx.db,
        currentUser(request).id,
        request.params.id,
        parse(passkeyRenameSchema, request.body).name,
      ),
  );

  app.delete<{ Params: { id: string } }>('/api/auth/passkeys/:id', auth, async (request) => {
    await removePasskey(ctx.db, currentUser(request).id, request.params.id);
    return { message: M.removed };
  });

  // Signing in, limited per address: the challenges by their own allowance, the answers on the
  // address's ceiling of sign-in attempts (LOGIN_IP_MAX).
  app.post('/api/auth/passkeys/authentication/options', async (request) => {
    await deps.limiter.hit(deps.limits.passkeyOptions, [`ip:${request.ip}`]);
    return passkeySignInOptions(ctx.db, rp);
  });

  app.post('/api/auth/passkeys/authentication', { bodyLimit: PASSKEY_BODY_LIMIT }, async (request, reply) => {
    // A signature cannot be guessed: only the address's ceiling on all sign-in attempts applies.
    await deps.limiter.hit(deps.limits.loginIp, [`ip:${request.ip}`]);
    const user = await verifyPasskeySignIn(deps, rp, parse(passkeyAuthenticationSchema, request.body));
    const signIn = await startSignIn(deps, user, request.headers['user-agent'], request.ip);
    setRefreshCookie(deps, reply, signIn);
    return { user: signIn.user, token: signIn.token };
  });
}
