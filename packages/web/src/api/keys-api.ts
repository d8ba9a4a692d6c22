import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { hasErrorCode } from './api-error';

export const keyKeys = { expiry: (name: string) => ['userKeyExpiry', name] as const };

/** `GET /api/keys?name=` answers `{expiresAt}` (a date, "never", or null when no key is set). */
export interface KeyExpiry {
  expiresAt: string | null;
}

/** The key counts as set when it has no expiry or one in the future. */
export function keyIsValid(expiry: KeyExpiry | undefined, now = Date.now()): boolean {
  const at = expiry?.expiresAt;
  if (!at) return false;
  if (at === 'never') return true;
  const time = Date.parse(at);
  return Number.isFinite(time) && time > now;
}

export function useKeyExpiry(name: string, enabled: boolean) {
  return useQuery({
    queryKey: keyKeys.expiry(name),
    queryFn: async (): Promise<KeyExpiry> => {
      try {
        return (
          (await api<KeyExpiry | undefined>(`/api/keys?name=${encodeURIComponent(name)}`)) ?? {
            expiresAt: null,
          }
        );
      } catch (error) {
        if (hasErrorCode(error, 'not_found')) return { expiresAt: null };
        throw error;
      }
    },
    enabled,
    staleTime: 60_000,
  });
}

export function useSaveKey(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { value: string; expiresAt: string | null }) =>
      api<unknown>('/api/keys', { method: 'PUT', json: { name, ...body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyKeys.expiry(name) }),
  });
}

export function useRevokeKey(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>(`/api/keys/${encodeURIComponent(name)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyKeys.expiry(name) }),
  });
}

/** `DELETE /api/keys?all=true`: every key the user saved, for every endpoint. */
export function useRevokeAllKeys() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>('/api/keys?all=true', { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyKeys.expiry('').slice(0, 1) }),
  });
}

/** Expiry choices of the key dialog, in milliseconds (null: never). */
export const KEY_EXPIRY_OPTIONS = [
  { key: 'com_endpoint_key_expiry_12h', ms: 12 * 3_600_000 },
  { key: 'com_endpoint_key_expiry_1d', ms: 24 * 3_600_000 },
  { key: 'com_endpoint_key_expiry_7d', ms: 7 * 24 * 3_600_000 },
  { key: 'com_endpoint_key_expiry_30d', ms: 30 * 24 * 3_600_000 },
  { key: 'com_endpoint_key_expiry_never', ms: null },
] as const;
