import type { Agent, AgentListPage, AgentVersion } from '@parley/schema';
import { expect } from 'vitest';
import type { TestServer } from '../helpers/test-server.ts';
import type { TestUser } from '../helpers/test-users.ts';

/** The smallest valid create body, with overrides. */
export const agentBody = (fields: Record<string, unknown> = {}) => ({
  name: 'Helper',
  provider: 'openAI',
  model: 'gpt-4o-mini',
  ...fields,
});

/** Small client for the agent routes used by the agent suites. */
export function agentClient(server: TestServer) {
  const call = (user: TestUser, method: string, path: string, json?: unknown) =>
    server.api(path, { method, token: user.token, ...(json !== undefined ? { json } : {}) });

  const ok = async <T>(res: Response, status = 200): Promise<T> => {
    expect(res.status, await res.clone().text()).toBe(status);
    return (await res.json()) as T;
  };

  const create = async (user: TestUser, fields: Record<string, unknown> = {}): Promise<Agent> =>
    ok<Agent>(await call(user, 'POST', '/api/agents', agentBody(fields)), 201);

  const update = async (user: TestUser, id: string, body: Record<string, unknown>): Promise<Agent> =>
    ok<Agent>(await call(user, 'PATCH', `/api/agents/${id}`, body));

  const shareToAll = (user: TestUser, id: string) => update(user, id, { projectIds: ['instance'] });

  const get = async <T = Agent>(user: TestUser, id: string): Promise<T> =>
    ok<T>(await call(user, 'GET', `/api/agents/${id}`));

  const versions = async (user: TestUser, id: string): Promise<AgentVersion[]> =>
    ok<AgentVersion[]>(await call(user, 'GET', `/api/agents/${id}/versions`));

  const list = async (user: TestUser, query = ''): Promise<AgentListPage> =>
    ok<AgentListPage>(await call(user, 'GET', `/api/agents${query}`));

  return { call, ok, create, update, shareToAll, get, versions, list };
}
