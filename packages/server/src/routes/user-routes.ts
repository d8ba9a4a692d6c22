import { resendVerificationSchema, verifyEmailSchema } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { unauthorized } from '../errors/app-error.ts';
import { parse } from '../http/validate.ts';
import { authDepsOf } from '../auth-deps-of.ts';
import { resendVerification, verifyEmail } from '../services/auth/email-verification-service.ts';
import { toPublicUser } from '../services/users/public-user.ts';
import { deleteAccount } from '../services/users/account-deletion.ts';
import { findUserById, setTermsAccepted } from '../services/users/user-service.ts';
import { clearRefreshCookie, limitKeys } from './auth-routes.ts';

/** The caller's account: profile, deletion, terms, e-mail verification. */
export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = authDepsOf(ctx);
  const auth = { preHandler: authenticate(ctx) };

  app.get('/api/user', auth, async (request) => {
    const user = await findUserById(ctx.db, currentUser(request).id);
    // A deleted account with a still-valid access token must sign in again.
    if (!user) throw unauthorized('User not found');
    return toPublicUser(user);
  });

  app.delete('/api/user/delete', auth, async (request, reply) => {
    const { id } = currentUser(request);
    const filesLeft = (err: unknown) =>
      ctx.logger.error({ err, userId: id }, 'the files of a deleted account could not all be removed');
    if (!(await deleteAccount(ctx, id, filesLeft))) throw unauthorized('User not found');
    ctx.sessionCheck.forget(id);
    clearRefreshCookie(deps, reply);
    return { message: 'User deleted' };
  });

  app.get('/api/user/terms', auth, async (request) => {
    const user = await findUserById(ctx.db, currentUser(request).id);
    if (!user) throw unauthorized('User not found');
    return { termsAccepted: user.termsAccepted };
  });

  app.post('/api/user/terms/accept', auth, async (request) => {
    if (!(await setTermsAccepted(ctx.db, currentUser(request).id, true))) {
      throw unauthorized('User not found');
    }
    return { message: 'Terms accepted' };
  });

  app.post('/api/user/verify', async (request) => {
    return verifyEmail(deps, parse(verifyEmailSchema, request.body));
  });

  app.post('/api/user/verify/resend', async (request) => {
    await deps.limiter.hit(deps.limits.verifyEmail, limitKeys(request));
    return resendVerification(deps, parse(resendVerificationSchema, request.body).email);
  });
}
