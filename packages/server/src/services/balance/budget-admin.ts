import type { Budget, BudgetInput, BudgetScope } from '@parley/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apiKeys, budgets, users, type BudgetRow } from '../../db/schema/index.ts';

/** The default budget's row key. */
export const DEFAULT_BUDGET_ID = 'default';

function toBudget(row: BudgetRow, label?: string): Budget {
  return {
    scope: row.scope as Budget['scope'],
    scopeId: row.scopeId,
    unit: row.unit as Budget['unit'],
    period: row.period as Budget['period'],
    hardLimit: row.hardLimit,
    softPercent: row.softPercent,
    updatedAt: row.updatedAt.toISOString(),
    ...(label ? { label } : {}),
  };
}

/** Every budget, with the user's e-mail or the key's name as label. */
export async function listBudgets(db: Database): Promise<Budget[]> {
  const rows = await db.select().from(budgets).orderBy(budgets.scope, budgets.scopeId);
  const userIds = rows.filter((r) => r.scope === 'user').map((r) => r.scopeId);
  const keyIds = rows.filter((r) => r.scope === 'key').map((r) => r.scopeId);
  const labels = new Map<string, string>();
  if (userIds.length)
    for (const u of await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, userIds)))
      labels.set(`user:${u.id}`, u.email);
  if (keyIds.length)
    for (const k of await db
      .select({ id: apiKeys.id, name: apiKeys.name })
      .from(apiKeys)
      .where(inArray(apiKeys.id, keyIds)))
      labels.set(`key:${k.id}`, k.name);
  return rows.map((r) => toBudget(r, labels.get(`${r.scope}:${r.scopeId}`)));
}

export async function getBudget(db: Database, scope: BudgetScope, id: string): Promise<Budget | null> {
  const [row] = await db
    .select()
    .from(budgets)
    .where(and(eq(budgets.scope, scope), eq(budgets.scopeId, id)));
  return row ? toBudget(row) : null;
}

/** Whether what a budget is set on exists: the user, or the API key (groups do not exist yet). */
export async function budgetTargetExists(db: Database, scope: BudgetScope, id: string): Promise<boolean> {
  if (scope === 'default') return id === DEFAULT_BUDGET_ID;
  if (scope === 'user')
    return (await db.select({ id: users.id }).from(users).where(eq(users.id, id))).length > 0;
  if (scope === 'key')
    return (await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, id))).length > 0;
  return false;
}

/** Creates or replaces a budget; answers it and whether it existed before. */
export async function putBudget(
  db: Database,
  scope: BudgetScope,
  id: string,
  input: BudgetInput,
  adminId: string,
): Promise<{ budget: Budget; created: boolean; before: Budget | null }> {
  const before = await getBudget(db, scope, id);
  const values = { ...input, updatedAt: new Date(), updatedBy: adminId };
  const [row] = await db
    .insert(budgets)
    .values({ scope, scopeId: id, ...values })
    .onConflictDoUpdate({ target: [budgets.scope, budgets.scopeId], set: values })
    .returning();
  return { budget: toBudget(row!), created: !before, before };
}

export async function deleteBudget(db: Database, scope: BudgetScope, id: string): Promise<Budget | null> {
  const [row] = await db
    .delete(budgets)
    .where(and(eq(budgets.scope, scope), eq(budgets.scopeId, id)))
    .returning();
  return row ? toBudget(row) : null;
}
