import {
  twoFactorActionBodySchema,
  twoFactorCodeBodySchema,
  twoFactorConfirmSchema,
  twoFactorVerifyTempSchema,
} from '@parley/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import { authDepsOf } from '../auth-deps-of.ts';
import { startSignIn } from '../services/auth/login-service.ts';
import { completeTwoFactorSignIn } from '../services/two-factor/two-factor-sign-in.ts';
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateBackupCodes,
  startTwoFactorSetup,
  verifyTwoFactorCode,
  type Attempt,
} from '../services/two-factor/two-factor-service.ts';
import { setRefreshCookie } from './auth-routes.ts';

/** Two-factor setup, use and removal, and the second step of a sign-in. */
export function twoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = authDepsOf(ctx);
  const auth = { preHandler: authenticate(ctx) };
  const attempt = (request: FastifyRequest): Attempt => {
    const user = currentUser(request);
    return { userId: user.id, ip: request.ip, sessionId: user.sessionId };
  };

  app.get('/api/auth/2fa/enable', auth, async (request) =>
    startTwoFactorSetup(deps, currentUser(request).id),
  );

  app.post('/api/auth/2fa/verify', auth, async (request) =>
    verifyTwoFactorCode(deps, attempt(request), parse(twoFactorCodeBodySchema, request.body)),
  );

  app.post('/api/auth/2fa/confirm', auth, async (request) =>
    confirmTwoFactor(deps, attempt(request), parse(twoFactorConfirmSchema, request.body).token),
  );

  app.post('/api/auth/2fa/disable', auth, async (request) =>
    disableTwoFactor(deps, attempt(request), parse(twoFactorActionBodySchema, request.body)),
  );

  app.post('/api/auth/2fa/backup/regenerate', auth, async (request) =>
    regenerateBackupCodes(deps, attempt(request), parse(twoFactorActionBodySchema, request.body)),
  );

  app.post('/api/auth/2fa/verify-temp', async (request, reply) => {
    const user = await completeTwoFactorSignIn(
      deps,
      request.ip,
      parse(twoFactorVerifyTempSchema, request.body),
    );
    const signIn = await startSignIn(deps, user, request.headers['user-agent'], request.ip);
    setRefreshCookie(deps, reply, signIn);
    return { user: signIn.user, token: signIn.token };
  });
}
