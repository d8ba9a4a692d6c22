import type { BackupCodesAnswer, TwoFactorCodeBody, TwoFactorEnableAnswer } from '@parley/schema';
import { api } from './client';

/** Two-factor setup and removal of the signed-in account. */
export const twoFactorApi = {
  enable: () => api<TwoFactorEnableAnswer>('/api/auth/2fa/enable'),
  verify: (body: TwoFactorCodeBody) =>
    api<{ message: string }>('/api/auth/2fa/verify', { method: 'POST', json: body }),
  confirm: (token: string) =>
    api<{ message: string }>('/api/auth/2fa/confirm', { method: 'POST', json: { token } }),
  disable: (body: TwoFactorCodeBody) =>
    api<{ message: string }>('/api/auth/2fa/disable', { method: 'POST', json: body }),
  regenerateBackupCodes: (body: TwoFactorCodeBody) =>
    api<BackupCodesAnswer>('/api/auth/2fa/backup/regenerate', { method: 'POST', json: body }),
};
