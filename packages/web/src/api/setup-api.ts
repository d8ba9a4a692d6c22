import type {
  LoginResult,
  ProviderCheckAnswer,
  SetupPayload,
  SetupProvider,
  SetupStatus,
} from '@parley/schema';
import { api } from './client';

/** The first-run setup page's calls (open only while the instance has no account). */
export const setupApi = {
  status: () => api<SetupStatus>('/api/setup'),
  checkProvider: (provider: SetupProvider) =>
    api<ProviderCheckAnswer>('/api/setup/provider-check', { method: 'POST', json: provider }),
  run: (body: SetupPayload) => api<LoginResult>('/api/setup', { method: 'POST', json: body }),
};
