import type { CreatedApiKey } from '@parley/schema';
import { expect } from 'vitest';
import type { ApiClient } from '../helpers/test-server.ts';
import type { TestUser } from '../helpers/test-users.ts';

/** Creates a personal API key for `user` through the web app's route. */
export async function createApiKey(
  server: ApiClient,
  user: Pick<TestUser, 'token'>,
  fields: { name?: string; expiresAt?: string | null } = {},
): Promise<CreatedApiKey> {
  const res = await server.api('/api/api-keys', {
    method: 'POST',
    token: user.token,
    json: { name: 'script', ...fields },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CreatedApiKey;
}

/** A `/v1/` request with a bearer key. */
export function v1(
  server: ApiClient,
  key: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
) {
  return server.api(`/v1${path}`, { ...init, token: key });
}
