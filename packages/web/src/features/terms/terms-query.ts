import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userApi } from '../../api/user-api';
import { useAuth } from '../../store/auth-store';

export const termsKey = ['userTerms'] as const;

export function useTermsStatus(enabled: boolean) {
  const status = useAuth((s) => s.status);
  return useQuery({
    queryKey: termsKey,
    queryFn: userApi.terms,
    enabled: enabled && status === 'authenticated',
    staleTime: Infinity,
  });
}

/** Accepting marks the cached state accepted. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: userApi.acceptTerms,
    onSuccess: () => queryClient.setQueryData(termsKey, { termsAccepted: true }),
  });
}
