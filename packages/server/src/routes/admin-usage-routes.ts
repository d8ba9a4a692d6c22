import {
  budgetInputSchema,
  budgetParamsSchema,
  modelPriceInputSchema,
  priceModelParamsSchema,
  usageQuerySchema,
  type ModelPrice,
} from '@parley/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppEngines } from '../app-engines.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors/app-error.ts';
import { auditActorOf } from '../http/audit-actor.ts';
import { requireAdmin } from '../http/require-admin.ts';
import { currentUser } from '../http/authenticate.ts';
import { parse } from '../http/validate.ts';
import {
  budgetTargetExists,
  DEFAULT_BUDGET_ID,
  deleteBudget,
  getBudget,
  listBudgets,
  putBudget,
} from '../services/balance/budget-admin.ts';
import { deleteConsolePrice, saveConsolePrice } from '../services/balance/console-prices.ts';
import { recordUsageAudit, type UsageAuditEntry } from '../services/balance/usage-audit.ts';
import { queryUsage } from '../services/balance/usage-query.ts';

/** Administrators' usage report, per-model prices and budgets (all ADMIN only). */
export function adminUsageRoutes(app: FastifyInstance, ctx: AppContext, { chat }: AppEngines): void {
  const admin = { preHandler: requireAdmin(ctx) };
  const { balance } = chat;
  const audit = async (request: FastifyRequest, entry: UsageAuditEntry) =>
    recordUsageAudit(ctx.db, await auditActorOf(ctx.db, request), entry);

  app.get('/api/admin/usage', admin, async (request) =>
    queryUsage(ctx.db, parse(usageQuerySchema, request.query), balance.meter.enabled),
  );

  app.get('/api/admin/prices', admin, async () => {
    await balance.refreshPrices(true);
    const prices: ModelPrice[] = balance.settings.prices
      .entries()
      .map(({ model, price, source }) => ({ model, source, ...price }))
      .sort((a, b) => a.model.localeCompare(b.model));
    return { prices };
  });

  app.put('/api/admin/prices/:model', admin, async (request) => {
    const { model } = parse(priceModelParamsSchema, request.params);
    const price = parse(modelPriceInputSchema, request.body);
    const before = balance.settings.prices.entries().find((e) => e.model === model) ?? null;
    const row = await saveConsolePrice(ctx.db, model, price, currentUser(request).id);
    await balance.refreshPrices(true);
    await audit(request, { action: 'price.set', target: model, before, after: price });
    return { model, source: 'console', ...price, updatedAt: row.updatedAt.toISOString() };
  });

  app.delete('/api/admin/prices/:model', admin, async (request) => {
    const { model } = parse(priceModelParamsSchema, request.params);
    const removed = await deleteConsolePrice(ctx.db, model);
    if (!removed) throw notFound('No price set in the console for this model.');
    await balance.refreshPrices(true);
    await audit(request, { action: 'price.delete', target: model, before: removed, after: null });
    return { deleted: true };
  });

  app.get('/api/admin/budgets', admin, async () => ({
    budgets: await listBudgets(ctx.db),
    enforced: balance.budgets.enforced,
  }));

  app.get('/api/admin/budgets/default', admin, async () => {
    const budget = await getBudget(ctx.db, 'default', DEFAULT_BUDGET_ID);
    if (!budget) throw notFound('No default budget is set.');
    return budget;
  });

  app.put('/api/admin/budgets/default', admin, async (request) => {
    const input = parse(budgetInputSchema, request.body);
    const { budget, before } = await putBudget(
      ctx.db,
      'default',
      DEFAULT_BUDGET_ID,
      input,
      currentUser(request).id,
    );
    await audit(request, { action: 'budget.set', target: 'default', before, after: budget });
    return budget;
  });

  app.get('/api/admin/budgets/:scope/:id', admin, async (request) => {
    const { scope, id } = parse(budgetParamsSchema, request.params);
    const budget = await getBudget(ctx.db, scope, id);
    if (!budget) throw notFound('No budget is set here.');
    return budget;
  });

  app.put('/api/admin/budgets/:scope/:id', admin, async (request) => {
    const { scope, id } = parse(budgetParamsSchema, request.params);
    const input = parse(budgetInputSchema, request.body);
    if (!(await budgetTargetExists(ctx.db, scope, id)))
      throw notFound(scope === 'group' ? 'Groups do not exist on this server yet.' : `No such ${scope}.`);
    const { budget, before } = await putBudget(ctx.db, scope, id, input, currentUser(request).id);
    await audit(request, { action: 'budget.set', target: `${scope}:${id}`, before, after: budget });
    return budget;
  });

  app.delete('/api/admin/budgets/:scope/:id', admin, async (request) => {
    const { scope, id } = parse(budgetParamsSchema, request.params);
    const removed = await deleteBudget(ctx.db, scope, id);
    if (!removed) throw notFound('No budget is set here.');
    await audit(request, { action: 'budget.delete', target: `${scope}:${id}`, before: removed, after: null });
    return { deleted: true };
  });
}
