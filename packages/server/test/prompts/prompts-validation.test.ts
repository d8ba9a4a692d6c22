import { PROMPT_NAME_REQUIRED, PROMPT_TEXT_REQUIRED } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { promptClient } from './prompt-client.ts';

describe('prompt request validation', () => {
  let server: TestServer;
  let user: TestUser;
  let client: ReturnType<typeof promptClient>;
  let groupId: string;
  beforeAll(async () => {
    server = await startTestServer();
    client = promptClient(server);
    user = await createTestUser(server);
    groupId = (await client.create(user, { name: 'Existing' })).group._id;
  });
  afterAll(() => server.stop());

  const expect400 = async (res: Response, contains?: string) => {
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; issues?: unknown[] };
    expect(body.message).toEqual(expect.any(String));
    if (contains) expect(body.message).toContain(contains);
    return body;
  };
  const post = (json: unknown) => client.call(user, 'POST', '/api/prompts', json);
  const patch = (json: unknown) => client.call(user, 'PATCH', `/api/prompts/groups/${groupId}`, json);
  const text = { prompt: 'Some text' };

  it('refuses malformed create bodies', async () => {
    await expect400(await post(undefined));
    await expect400(await post([]));
    await expect400(await post('text'));
    await expect400(await post({ group: { name: 'No prompt' } }), PROMPT_TEXT_REQUIRED);
    await expect400(await post({ prompt: 'not an object', group: { name: 'x' } }));
    await expect400(await post({ prompt: { prompt: 42 }, group: { name: 'x' } }));
    await expect400(await post({ prompt: text, group: 'x' }));
    const raw = await server.api('/api/prompts', {
      method: 'POST',
      token: user.token,
      headers: { 'content-type': 'application/json' },
      body: '{"prompt":',
    });
    expect(raw.status).toBe(400);
  });

  it('requires a name and a non-blank text', async () => {
    const noGroup = await expect400(await post({ prompt: text }), PROMPT_NAME_REQUIRED);
    expect(noGroup.issues).toContainEqual({ path: 'group.name', message: PROMPT_NAME_REQUIRED });
    await expect400(await post({ prompt: text, group: {} }), PROMPT_NAME_REQUIRED);
    await expect400(await post({ prompt: text, group: { name: '   ' } }), PROMPT_NAME_REQUIRED);
    await expect400(await post({ prompt: { prompt: '' }, group: { name: 'x' } }), PROMPT_TEXT_REQUIRED);
    await expect400(await post({ prompt: { prompt: ' \n ' }, group: { name: 'x' } }), PROMPT_TEXT_REQUIRED);
    await expect400(await post({ prompt: { prompt: ' ', groupId } }), PROMPT_TEXT_REQUIRED);
  });

  it('enforces the size limits and allowed values', async () => {
    const group = (extra: Record<string, unknown>) => ({ prompt: text, group: { name: 'x', ...extra } });
    await expect400(await post({ prompt: text, group: { name: 'n'.repeat(201) } }), 'at most 200');
    await expect400(
      await post({ prompt: { prompt: 'p'.repeat(100_001) }, group: { name: 'x' } }),
      'at most 100000',
    );
    await expect400(await post({ prompt: { prompt: 'x', type: 'image' }, group: { name: 'x' } }), 'type');
    await expect400(await post(group({ oneliner: 'o'.repeat(121) })), 'at most 120');
    await expect400(await post(group({ command: 'c'.repeat(57) })), 'at most 56');
    await expect400(await post(group({ category: 'c'.repeat(51) })), 'at most 50');
    await expect400(await post(group({ category: 'sys__my__prompts__sys' })), 'filter value');
    await expect400(await post(group({ oneliner: 5 })));
    // At the limits everything is accepted; the command is counted after normalisation.
    const ok = await post({
      prompt: { prompt: 'p'.repeat(100_000) },
      group: {
        name: 'n'.repeat(200),
        oneliner: 'o'.repeat(120),
        command: `${'c'.repeat(56)}!!`,
        category: 'c'.repeat(50),
      },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a version body that also carries a group, and unknown groups', async () => {
    await expect400(await post({ prompt: { ...text, groupId }, group: { name: 'x' } }), 'not both');
    await expect400(await post({ prompt: { ...text, groupId: 7 } }));
    expect((await post({ prompt: { ...text, groupId: 'no-such-group' } })).status).toBe(404);
  });

  it('refuses malformed group updates', async () => {
    // A body that is not an object says so (an unknown key is dropped, as in every body).
    await expect400(await patch([1]), 'Body must be an object');
    await expect400(await patch({ name: '' }), PROMPT_NAME_REQUIRED);
    await expect400(await patch({ name: 7 }));
    await expect400(await patch({ oneliner: 'o'.repeat(121) }), 'at most 120');
    await expect400(await patch({ command: 'a b '.repeat(20) }), 'at most 56');
    await expect400(await patch({ projectIds: 'instance' }));
    await expect400(await patch({ projectIds: [''] }));
    await expect400(await patch({ projectIds: ['some-other-project'] }), 'Unknown project id');
    await expect400(await patch({ removeProjectIds: ['x'] }), 'Unknown project id');
    await expect400(await patch([]));
    // Nothing was changed by the refused calls.
    const group = await client.getJson<{ name: string; projectIds: string[] }>(
      user,
      `/api/prompts/groups/${groupId}`,
    );
    expect(group).toMatchObject({ name: 'Existing', projectIds: [] });
  });

  it('refuses bad queries and ids', async () => {
    await expect400(await client.call(user, 'GET', '/api/prompts'), 'groupId');
    await expect400(await client.call(user, 'GET', '/api/prompts?groupId='), 'groupId');
    for (const q of ['pageSize=0', 'pageSize=101', 'pageSize=abc', 'pageNumber=0', 'pageNumber=1.5']) {
      await expect400(await client.call(user, 'GET', `/api/prompts/groups?${q}`));
    }
    const long = 'x'.repeat(201);
    await expect400(await client.call(user, 'GET', `/api/prompts/groups/${long}`));
    await expect400(await client.call(user, 'GET', `/api/prompts/${long}`));
    expect((await client.call(user, 'GET', '/api/prompts/groups/unknown-id')).status).toBe(404);
    expect((await client.call(user, 'GET', '/api/prompts/unknown-id')).status).toBe(404);
    expect((await client.call(user, 'PATCH', '/api/prompts/unknown-id/tags/production')).status).toBe(404);
    expect((await client.call(user, 'DELETE', '/api/prompts/unknown-id')).status).toBe(404);
  });
});
