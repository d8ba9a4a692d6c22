import type { LinkedIdentities, LinkStart } from '@parley/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAuth } from '../../store/auth-store';
import { linkWalletToAccount } from '../auth';

export const linkedSignInKeys = { mine: ['linked-sign-ins'] as const };

/** The caller's linked external sign-ins (GET /api/user/identities). */
export function useLinkedSignIns() {
  const status = useAuth((s) => s.status);
  return useQuery({
    queryKey: linkedSignInKeys.mine,
    queryFn: () => api<LinkedIdentities>('/api/user/identities'),
    enabled: status === 'authenticated',
  });
}

/**
 * Starts linking a sign-in: the wallet signs here and is linked at once; any other provider is
 * reached by leaving the page for the address the server answers (its attempt cookie, set by that
 * answer, names this account), and the provider sends the browser back to /c/new.
 */
export function useLinkSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (provider: string) => {
      if (provider === 'wallet') return linkWalletToAccount();
      const { redirectUrl } = await api<LinkStart>(
        `/api/user/identities/link/${encodeURIComponent(provider)}`,
        { method: 'POST' },
      );
      window.location.assign(redirectUrl);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: linkedSignInKeys.mine }),
  });
}

export function useUnlinkSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`/api/user/identities/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: linkedSignInKeys.mine }),
  });
}
