import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { notFound } from '../errors/app-error.ts';
import { BalanceService } from '../services/balance/balance-service.ts';
import { balanceSettings } from '../services/balance/balance-settings.ts';

export const BALANCE_DISABLED = 'Balances are not enabled on this server.';

/** The caller's token balance (000 §7 User: GET /api/balance). */
export function balanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const balance = new BalanceService(ctx.db, balanceSettings(ctx.config.yaml));
  app.get('/api/balance', { preHandler: authenticate(ctx) }, async (request) => {
    // Without balances there is nothing to show; the web app hides the Balance tab.
    if (!balance.enabled) throw notFound(BALANCE_DISABLED);
    return balance.answer(currentUser(request).id);
  });
}
