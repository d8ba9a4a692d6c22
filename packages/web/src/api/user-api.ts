import type {
  Banner,
  ChangeEmailAnswer,
  ChangeEmailPayload,
  ChangePasswordPayload,
  Role,
  StartupConfig,
  UpdateProfilePayload,
  User,
} from '@parley/schema';
import { api, apiResponse } from './client';

/** Calls about the signed-in user and the instance. */
export const userApi = {
  config: () => api<StartupConfig>('/api/config'),
  banner: () => api<Banner | null>('/api/banner'),
  me: () => api<User>('/api/user'),
  terms: () => api<{ termsAccepted: boolean }>('/api/user/terms'),
  acceptTerms: () => api<unknown>('/api/user/terms/accept', { method: 'POST' }),
  deleteAccount: () => api<unknown>('/api/user/delete', { method: 'DELETE' }),
  updateProfile: (body: UpdateProfilePayload) => api<User>('/api/user', { method: 'PATCH', json: body }),
  changePassword: (body: ChangePasswordPayload) =>
    api<{ message: string }>('/api/user/password', { method: 'POST', json: body }),
  changeEmail: (body: ChangeEmailPayload) =>
    api<ChangeEmailAnswer>('/api/user/email', { method: 'POST', json: body }),
  /** The "export all my data" archive, as a response to save. */
  exportAll: () => apiResponse('/api/user/export'),
  role: (name: string) => api<Role>(`/api/roles/${encodeURIComponent(name)}`),
};
