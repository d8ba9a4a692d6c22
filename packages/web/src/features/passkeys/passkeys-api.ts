import type { Passkey } from '@parley/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAuth } from '../../store/auth-store';
import { webauthn } from './passkey-sign-in';

export const passkeyKeys = { mine: ['passkeys'] as const };

export function usePasskeys() {
  const status = useAuth((s) => s.status);
  return useQuery({
    queryKey: passkeyKeys.mine,
    queryFn: async () => (await api<{ passkeys: Passkey[] }>('/api/auth/passkeys')).passkeys,
    enabled: status === 'authenticated',
  });
}

/** Asks the server for a challenge, lets the browser create a passkey, and registers it. */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { startRegistration } = await webauthn();
      const optionsJSON = await api<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        '/api/auth/passkeys/registration/options',
        { method: 'POST', json: {} },
      );
      const response = await startRegistration({ optionsJSON });
      return api<Passkey>('/api/auth/passkeys/registration', { method: 'POST', json: { response } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: passkeyKeys.mine }),
  });
}

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api<Passkey>(`/api/auth/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', json: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: passkeyKeys.mine }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`/api/auth/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: passkeyKeys.mine }),
  });
}

/** The browser's refusal to create a key on an authenticator that already holds one for this account. */
export function isPasskeyAlreadyOnDevice(error: unknown): boolean {
  return error instanceof Error && error.name === 'InvalidStateError';
}
