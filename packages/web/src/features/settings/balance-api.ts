import type { BalanceAnswer } from '@parley/schema';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAuth } from '../../store/auth-store';

export const balanceKeys = { mine: ['balance'] as const };

/**
 * GET /api/balance, fresh every time the Balance tab opens. Only the Balance tab asks, and it
 * exists only when the server keeps balances.
 */
export function useBalance() {
  const status = useAuth((s) => s.status);
  return useQuery({
    queryKey: balanceKeys.mine,
    queryFn: () => api<BalanceAnswer>('/api/balance'),
    enabled: status === 'authenticated',
    staleTime: 0,
  });
}
