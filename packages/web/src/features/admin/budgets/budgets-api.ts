import type { Budget, BudgetInput, ModelPrice, ModelPriceInput } from '@parley/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

export type BudgetTarget = { scope: 'default' } | { scope: 'user' | 'key' | 'group'; id: string };

const budgetsKey = ['admin', 'budgets'] as const;
const pricesKey = ['admin', 'prices'] as const;
const budgetPath = (t: BudgetTarget) =>
  t.scope === 'default'
    ? '/api/admin/budgets/default'
    : `/api/admin/budgets/${t.scope}/${encodeURIComponent(t.id)}`;

/** GET /api/admin/budgets. */
export const useBudgets = () =>
  useQuery({
    queryKey: budgetsKey,
    queryFn: () => api<{ budgets: Budget[]; enforced: boolean }>('/api/admin/budgets'),
  });

/** PUT and DELETE of one budget; the list is read again after either. */
export function useBudgetMutations() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: budgetsKey });
  return {
    save: useMutation({
      mutationFn: ({ target, input }: { target: BudgetTarget; input: BudgetInput }) =>
        api<Budget>(budgetPath(target), { method: 'PUT', json: input }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (target: BudgetTarget) => api(budgetPath(target), { method: 'DELETE' }),
      onSuccess: done,
    }),
  };
}

/** GET /api/admin/prices. */
export const usePrices = () =>
  useQuery({ queryKey: pricesKey, queryFn: () => api<{ prices: ModelPrice[] }>('/api/admin/prices') });

/** PUT /api/admin/prices/{model}. */
export function useSavePrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ model, price }: { model: string; price: ModelPriceInput }) =>
      api<ModelPrice>(`/api/admin/prices/${encodeURIComponent(model)}`, { method: 'PUT', json: price }),
    onSuccess: () => client.invalidateQueries({ queryKey: pricesKey }),
  });
}
