import type { LoginResult, RegisterAnswer, User } from '@parley/schema';
import { api } from './client';

/** Calls of the account pages. */
export interface MessageAnswer {
  message: string;
}

export interface RegisterBody {
  name: string;
  username: string;
  email: string;
  password: string;
  confirm_password: string;
  token?: string;
  turnstileToken?: string;
}

export const authApi = {
  /** `human` is the widget's answer, or the grant registration handed back for this sign-in. */
  login: (email: string, password: string, human?: { turnstileToken?: string; humanCheckGrant?: string }) =>
    api<LoginResult>('/api/auth/login', {
      method: 'POST',
      json: {
        email,
        password,
        ...(human?.turnstileToken ? { turnstileToken: human.turnstileToken } : {}),
        ...(human?.humanCheckGrant ? { humanCheckGrant: human.humanCheckGrant } : {}),
      },
    }),
  register: (body: RegisterBody) => api<RegisterAnswer>('/api/auth/register', { method: 'POST', json: body }),
  logout: () => api<MessageAnswer & { redirect?: string }>('/api/auth/logout', { method: 'POST' }),
  requestPasswordReset: (email: string) =>
    api<MessageAnswer & { link?: string }>('/api/auth/requestPasswordReset', {
      method: 'POST',
      json: { email },
    }),
  resetPassword: (body: { token: string; userId: string; password: string; confirm_password: string }) =>
    api<MessageAnswer>('/api/auth/resetPassword', { method: 'POST', json: body }),
  verifyEmail: (email: string, token: string) =>
    api<MessageAnswer>('/api/user/verify', { method: 'POST', json: { email, token } }),
  resendVerification: (email: string) =>
    api<MessageAnswer>('/api/user/verify/resend', { method: 'POST', json: { email } }),
  verifyTwoFactorTemp: (body: { tempToken: string; token?: string; backupCode?: string }) =>
    api<{ token: string; user: User }>('/api/auth/2fa/verify-temp', {
      method: 'POST',
      json: body,
    }),
};
