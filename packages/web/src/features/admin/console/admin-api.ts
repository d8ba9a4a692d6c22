import type {
  AdminBannerInput,
  AdminCreateUser,
  AdminUpdateUser,
  AdminUser,
  AdminUserList,
  AdminUserSort,
  AuditList,
  Banner,
} from '@parley/schema';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const adminKeys = {
  users: (search: string, sort: AdminUserSort) => ['admin', 'users', search, sort] as const,
  allUsers: ['admin', 'users'] as const,
  audit: ['admin', 'audit'] as const,
  banners: ['admin', 'banners'] as const,
  apiKeys: ['admin', 'api-keys'] as const,
  config: ['admin', 'config'] as const,
};

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** GET /api/admin/users, page after page by cursor. */
export function useAdminUsers(search: string, sort: AdminUserSort) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(search, sort),
    queryFn: ({ pageParam }) =>
      api<AdminUserList>(withQuery('/api/admin/users', { search, sort, cursor: pageParam ?? undefined })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Any change to accounts: the lists and the audit log are fetched again. */
function useAfterAccountChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.allUsers });
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
  };
}

export function useUpdateUser() {
  const after = useAfterAccountChange();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AdminUpdateUser }) =>
      api<{ user: AdminUser; link?: string }>(`/api/admin/users/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: change,
      }),
    onSuccess: after,
  });
}

export function useDeleteUser() {
  const after = useAfterAccountChange();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: after,
  });
}

export function useCreateUser() {
  const after = useAfterAccountChange();
  return useMutation({
    mutationFn: (input: Partial<AdminCreateUser>) =>
      api<{ user: AdminUser; password?: string }>('/api/admin/users', { method: 'POST', json: input }),
    onSuccess: after,
  });
}

export function useInvite() {
  const after = useAfterAccountChange();
  return useMutation({
    mutationFn: (input: { email: string; days?: number }) =>
      api<{ link: string; expiresAt: string }>('/api/admin/invitations', { method: 'POST', json: input }),
    onSuccess: after,
  });
}

export function useAudit() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam }) =>
      api<AuditList>(withQuery('/api/admin/audit', { cursor: pageParam ?? undefined })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useBanners() {
  return useQuery({
    queryKey: adminKeys.banners,
    queryFn: () => api<{ banners: Banner[] }>('/api/admin/banners').then((a) => a.banners),
  });
}

/** Creates (no id) or replaces a banner. */
export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bannerId, input }: { bannerId: string | null; input: AdminBannerInput }) =>
      bannerId
        ? api<Banner>(`/api/admin/banners/${encodeURIComponent(bannerId)}`, { method: 'PUT', json: input })
        : api<Banner>('/api/admin/banners', { method: 'POST', json: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.banners }),
  });
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bannerId: string) =>
      api<void>(`/api/admin/banners/${encodeURIComponent(bannerId)}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.banners }),
  });
}

export interface AdminApiKey {
  id: string;
  name: string;
  hint: string;
  userId: string;
  userEmail: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  usage: { requests: number; promptTokens: number; completionTokens: number };
}

export function useAllApiKeys() {
  return useQuery({
    queryKey: adminKeys.apiKeys,
    queryFn: () => api<{ keys: AdminApiKey[] }>('/api/admin/api-keys').then((a) => a.keys),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(`/api/admin/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.apiKeys });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}
