import type { Agent } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, uploadFile } from '../files/file-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { agentBody, agentClient } from './agent-client.ts';

describe('agents: bad input gets a 400 that names the field, and changes nothing', () => {
  let server: TestServer;
  let ann: TestUser;
  let bob: TestUser;
  let client: ReturnType<typeof agentClient>;
  let agent: Agent;

  beforeAll(async () => {
    server = await startTestServer();
    client = agentClient(server);
    ann = await createTestUser(server);
    bob = await createTestUser(server);
    agent = await client.create(ann, { name: 'Target' });
  });
  afterAll(() => server.stop());

  const expect400 = async (res: Response, path: string) => {
    const text = await res.text();
    expect(res.status, text).toBe(400);
    const body = JSON.parse(text) as { message: string; issues?: { path: string }[] };
    expect(
      body.issues?.map((i) => i.path),
      text,
    ).toContain(path);
  };

  /** [what is wrong, body fields, the field named in the answer]. */
  const malformed: [string, Record<string, unknown>, string][] = [
    ['no provider', { provider: undefined }, 'provider'],
    ['blank model', { model: '  ' }, 'model'],
    ['name of the wrong type', { name: 42 }, 'name'],
    ['huge name', { name: 'n'.repeat(257) }, 'name'],
    ['huge description', { description: 'd'.repeat(2_001) }, 'description'],
    ['huge instructions', { instructions: 'i'.repeat(100_001) }, 'instructions'],
    [
      'five conversation starters',
      { conversation_starters: ['a', 'b', 'c', 'd', 'e'] },
      'conversation_starters',
    ],
    ['a starter that is not text', { conversation_starters: [{ text: 'x' }] }, 'conversation_starters.0'],
    ['tools that are not a list', { tools: 'web_search' }, 'tools'],
    ['a repeated tool', { tools: ['a', 'a'] }, 'tools'],
    ['too many tools', { tools: Array.from({ length: 101 }, (_, i) => `t${i}`) }, 'tools'],
    [
      'a nested model parameter',
      { model_parameters: { temperature: { deep: 1 } } },
      'model_parameters.temperature',
    ],
    [
      'too many model parameters',
      { model_parameters: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, i])) },
      'model_parameters',
    ],
    ['an unknown category', { category: 'gossip' }, 'category'],
    ['a recursion limit of zero', { recursion_limit: 0 }, 'recursion_limit'],
    ['an avatar without a path', { avatar: { source: 'local' } }, 'avatar.filepath'],
  ];

  // Keys Parley does not know (a LibreChat client sends some) are dropped, never a 400, and never
  // stored: not a client-chosen id or author, nor an unknown field or tool resource.
  const unknownKeys = {
    owner: 'me',
    id: 'agent_mine',
    author: 'someone',
    tool_resources: { shell: { file_ids: [] } },
  };

  it('create drops unknown keys and stores none of them', async () => {
    const res = await client.call(
      ann,
      'POST',
      '/api/agents',
      agentBody({ name: 'Stripped', ...unknownKeys }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as Agent & Record<string, unknown>;
    expect(created.id).not.toBe('agent_mine');
    expect(created.author).toBe(ann.id);
    expect(created).not.toHaveProperty('owner');
    expect(created.tool_resources).toEqual({});
    const stored = JSON.stringify((await client.get(ann, created.id)) as unknown);
    expect(stored).not.toContain('owner');
    expect(stored).not.toContain('shell');
    expect(stored).not.toContain('agent_mine');
  });

  it('update drops unknown keys: nothing changes, no new version', async () => {
    const res = await client.call(ann, 'PATCH', `/api/agents/${agent.id}`, unknownKeys);
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await client.get(ann, agent.id)) as Agent & Record<string, unknown>;
    expect(after).toMatchObject({ id: agent.id, author: ann.id, version: 1, tool_resources: {} });
    expect(after).not.toHaveProperty('owner');
  });

  it.each(malformed)('create refuses %s', async (_what, fields, path) => {
    await expect400(await client.call(ann, 'POST', '/api/agents', agentBody(fields)), path);
  });

  it.each(malformed.filter(([what]) => what !== 'no provider'))(
    'update refuses %s',
    async (_what, fields, path) => {
      await expect400(await client.call(ann, 'PATCH', `/api/agents/${agent.id}`, fields), path);
      expect((await client.get(ann, agent.id)).version).toBe(1);
    },
  );

  it('refuses tools that do not exist (today none do)', async () => {
    const res = await client.call(ann, 'POST', '/api/agents', agentBody({ tools: ['web_search'] }));
    await expect400(res.clone(), 'tools');
    expect(((await res.json()) as { message: string }).message).toBe('Unknown tool: web_search');
    await expect400(
      await client.call(ann, 'PATCH', `/api/agents/${agent.id}`, { tools: ['calculator'] }),
      'tools',
    );
  });

  it("refuses another user's file as avatar or tool resource, and a file that is not a picture as avatar", async () => {
    const bobsPicture = await uploadFile(server, bob, await pngImage(16, 16), 'bob.png', {
      path: '/api/files/images',
    });
    const bobs = (await bobsPicture.json()) as { file_id: string; filepath: string };
    await expect400(
      await client.call(
        ann,
        'POST',
        '/api/agents',
        agentBody({ avatar: { filepath: bobs.filepath, source: 'local' } }),
      ),
      'avatar.filepath',
    );
    // The same file id under Ann's own path does not pass either: it is not her file.
    const disguised = bobs.filepath.replace(bob.id, ann.id);
    await expect400(
      await client.call(
        ann,
        'POST',
        '/api/agents',
        agentBody({ avatar: { filepath: disguised, source: 'local' } }),
      ),
      'avatar.filepath',
    );
    await expect400(
      await client.call(
        ann,
        'POST',
        '/api/agents',
        agentBody({ tool_resources: { file_search: { file_ids: [bobs.file_id] } } }),
      ),
      'tool_resources',
    );
    const text = await uploadFile(server, ann, 'plain notes\n', 'notes.txt', { type: 'text/plain' });
    const notes = (await text.json()) as { filepath: string };
    await expect400(
      await client.call(
        ann,
        'POST',
        '/api/agents',
        agentBody({ avatar: { filepath: notes.filepath, source: 'local' } }),
      ),
      'avatar.filepath',
    );
    for (const filepath of [
      'https://evil.example/x.png',
      '../../etc/passwd',
      `/api/files/download/${ann.id}/../../x`,
    ]) {
      await expect400(
        await client.call(ann, 'POST', '/api/agents', agentBody({ avatar: { filepath, source: 'local' } })),
        'avatar.filepath',
      );
    }
  });

  it('answers 400 for ids that are no agent id and 404 for well-formed ids of nothing', async () => {
    for (const id of ['not-an-agent', 'agent_', `agent_${'x'.repeat(65)}`, "agent_1'or'1"]) {
      expect((await client.call(ann, 'GET', `/api/agents/${encodeURIComponent(id)}`)).status, id).toBe(400);
    }
    expect((await client.call(ann, 'GET', '/api/agents/agent_doesnotexist')).status).toBe(404);
  });

  it('refuses bad list queries and revert bodies', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=abc',
      '?category=gossip',
      '?shared=maybe',
      '?order=sideways',
      '?after=agent_',
      '?before=not-an-agent',
      `?search=${'s'.repeat(501)}`,
    ]) {
      expect((await client.call(ann, 'GET', `/api/agents${query}`)).status, query).toBe(400);
    }
    for (const body of [{}, { version: 0 }, { version: '1' }, { version: 1.5 }]) {
      expect(
        (await client.call(ann, 'POST', `/api/agents/${agent.id}/revert`, body)).status,
        JSON.stringify(body),
      ).toBe(400);
    }
  });

  it('survives a malformed JSON body and a body over the size limit', async () => {
    const broken = await server.api('/api/agents', {
      method: 'POST',
      token: ann.token,
      headers: { 'content-type': 'application/json' },
      body: '{"provider": "openAI", ',
    });
    expect(broken.status).toBe(400);
    const huge = await client.call(
      ann,
      'POST',
      '/api/agents',
      agentBody({ instructions: 'x'.repeat(5_000_000) }),
    );
    expect([400, 413]).toContain(huge.status);
    expect((await server.api('/health')).status).toBe(200);
  });
});
