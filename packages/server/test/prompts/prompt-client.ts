import type { PromptGroup, PromptVersion } from '@parley/schema';
import { expect } from 'vitest';
import type { TestServer } from '../helpers/test-server.ts';
import type { TestUser } from '../helpers/test-users.ts';

/** Small client for the prompt routes used by the prompt suites. */
export function promptClient(server: TestServer) {
  const call = (user: TestUser, method: string, path: string, json?: unknown) =>
    server.api(path, { method, token: user.token, ...(json !== undefined ? { json } : {}) });

  /** Creates a group with its first version and returns both (asserting success). */
  const create = async (
    user: TestUser,
    group: { name: string; category?: string; oneliner?: string; command?: string },
    text = `Text of ${group.name}`,
  ): Promise<{ prompt: PromptVersion; group: PromptGroup }> => {
    const res = await call(user, 'POST', '/api/prompts', { prompt: { prompt: text }, group });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { prompt: PromptVersion; group: PromptGroup };
  };

  const addVersion = async (user: TestUser, groupId: string, text: string): Promise<PromptVersion> => {
    const res = await call(user, 'POST', '/api/prompts', { prompt: { prompt: text, groupId } });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { prompt: PromptVersion }).prompt;
  };

  const shareToAll = async (user: TestUser, groupId: string): Promise<PromptGroup> => {
    const res = await call(user, 'PATCH', `/api/prompts/groups/${groupId}`, { projectIds: ['instance'] });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as PromptGroup;
  };

  const getJson = async <T>(user: TestUser, path: string): Promise<T> => {
    const res = await call(user, 'GET', path);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };

  return { call, create, addVersion, shareToAll, getJson };
}
