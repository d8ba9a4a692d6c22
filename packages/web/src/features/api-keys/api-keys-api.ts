import type { ApiKeyInfo, CreatedApiKey } from '@parley/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAuth } from '../../store/auth-store';

export const apiKeyKeys = { mine: ['api-keys'] as const };

/** GET /api/api-keys: the person's personal keys, never their secrets. */
export function useApiKeys() {
  const status = useAuth((s) => s.status);
  return useQuery({
    queryKey: apiKeyKeys.mine,
    queryFn: () => api<ApiKeyInfo[]>('/api/api-keys'),
    enabled: status === 'authenticated',
    staleTime: 0,
  });
}

/** POST /api/api-keys: the answer holds the key, shown this once. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; expiresAt: string | null }) =>
      api<CreatedApiKey>('/api/api-keys', { method: 'POST', json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.mine }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.mine }),
  });
}
