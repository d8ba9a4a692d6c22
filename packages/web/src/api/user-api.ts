import type { Banner, Role, StartupConfig, User } from '@parley/schema';
import { api } from './client';

/** Calls about the signed-in user and the instance. */
export const userApi = {
  config: () => api<StartupConfig>('/api/config'),
  banner: () => api<Banner | null>('/api/banner'),
  me: () => api<User>('/api/user'),
  terms: () => api<{ termsAccepted: boolean }>('/api/user/terms'),
  acceptTerms: () => api<unknown>('/api/user/terms/accept', { method: 'POST' }),
  deleteAccount: () => api<unknown>('/api/user/delete', { method: 'DELETE' }),
  role: (name: string) => api<Role>(`/api/roles/${encodeURIComponent(name)}`),
};
