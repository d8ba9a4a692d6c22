import {
  changeEmailSchema,
  changePasswordSchema,
  resendVerificationSchema,
  updateProfileSchema,
  verifyEmailSchema,
} from '@parley/schema';
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
import { changePassword, updateProfile } from '../services/auth/account-profile.ts';
import { changeEmail } from '../services/auth/email-change.ts';
import { accountArchive } from '../services/export/account-archive.ts';
import { attachmentDisposition } from '../services/export/export-file-name.ts';
import { clearRefreshCookie, limitKeys } from './auth-routes.ts';

/** The caller's account: profile, password, address, export, deletion, terms, e-mail verification. */
export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = authDepsOf(ctx);
  const auth = { preHandler: authenticate(ctx) };

  app.get('/api/user', auth, async (request) => {
    const user = await findUserById(ctx.db, currentUser(request).id);
    // A deleted account with a still-valid access token must sign in again.
    if (!user) throw unauthorized('User not found');
    return toPublicUser(user);
  });

  app.patch('/api/user', auth, async (request) => {
    const input = parse(updateProfileSchema, request.body);
    return toPublicUser(await updateProfile(ctx.db, currentUser(request).id, input));
  });

  app.post('/api/user/password', auth, async (request) => {
    const input = parse(changePasswordSchema, request.body);
    const answer = await changePassword(deps, currentUser(request), input);
    // This instance must not keep trusting the other sessions' access tokens for its cache's few seconds.
    ctx.sessionCheck.forget(currentUser(request).id);
    return answer;
  });

  app.post('/api/user/email', auth, async (request) => {
    return changeEmail(deps, currentUser(request).id, parse(changeEmailSchema, request.body));
  });

  app.get('/api/user/export', auth, async (request, reply) => {
    const user = await findUserById(ctx.db, currentUser(request).id);
    if (!user) throw unauthorized('User not found');
    const name = `${ctx.config.appTitle} export ${new Date().toISOString().slice(0, 10)}`;
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', attachmentDisposition(name, 'tar.gz'))
      .header('cache-control', 'no-store')
      .send(accountArchive(ctx.db, user));
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
