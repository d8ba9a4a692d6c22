import type { UsageAnswer, UsageGroupBy, UsageInterval } from '@parley/schema';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export interface UsageParams {
  from: string;
  to: string;
  groupBy: UsageGroupBy;
  interval?: UsageInterval;
}

export const usageKeys = { query: (p: UsageParams) => ['admin', 'usage', p] as const };

/** GET /api/admin/usage. */
export function useUsage(params: UsageParams) {
  const search = new URLSearchParams({
    from: params.from,
    to: params.to,
    groupBy: params.groupBy,
    ...(params.interval ? { interval: params.interval } : {}),
  });
  return useQuery({
    queryKey: usageKeys.query(params),
    queryFn: () => api<UsageAnswer>(`/api/admin/usage?${search.toString()}`),
  });
}
