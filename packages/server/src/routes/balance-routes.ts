import type { FastifyInstance } from 'fastify';
import type { AppEngines } from '../app-engines.ts';
import type { AppContext } from '../context.ts';
import { authenticate, currentUser } from '../http/authenticate.ts';
import { notFound } from '../errors/app-error.ts';

export const BALANCE_DISABLED = 'Balances are not enabled on this server.';

/** The caller's token balance (the chat engine's one BalanceService). */
export function balanceRoutes(app: FastifyInstance, ctx: AppContext, { chat }: AppEngines): void {
  const balance = chat.balance;
  app.get('/api/balance', { preHandler: authenticate(ctx) }, async (request) => {
    // Without balances there is nothing to show; the web app hides the Balance tab.
    if (!balance.enabled) throw notFound(BALANCE_DISABLED);
    return balance.answer(currentUser(request).id);
  });
}
