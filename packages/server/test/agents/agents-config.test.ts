import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, uploadFile } from '../files/file-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { agentBody, agentClient } from './agent-client.ts';

describe('agents follow parley.yaml endpoints.agents', () => {
  describe('allowedProviders, maxRecursionLimit and capabilities', () => {
    let server: TestServer;
    let ann: TestUser;
    let client: ReturnType<typeof agentClient>;
    beforeAll(async () => {
      server = await startTestServer({
        yaml: `version: 1.2.8
endpoints:
  agents:
    maxRecursionLimit: 10
    allowedProviders: [anthropic]
    capabilities: [tools, execute_code]
`,
      });
      client = agentClient(server);
      ann = await createTestUser(server);
    });
    afterAll(() => server.stop());

    it('an agent may use only an allowed provider', async () => {
      const refused = await client.call(ann, 'POST', '/api/agents', agentBody({ provider: 'openAI' }));
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        'Agents may not use the provider openAI on this server',
      );
      const agent = await client.create(ann, { provider: 'anthropic', model: 'claude-3-5-sonnet-latest' });
      const moved = await client.call(ann, 'PATCH', `/api/agents/${agent.id}`, { provider: 'google' });
      expect(moved.status).toBe(400);
    });

    it('an agent may not set a recursion limit above the ceiling', async () => {
      expect(
        (
          await client.call(
            ann,
            'POST',
            '/api/agents',
            agentBody({ provider: 'anthropic', recursion_limit: 11 }),
          )
        ).status,
      ).toBe(400);
      expect((await client.create(ann, { provider: 'anthropic', recursion_limit: 10 })).recursion_limit).toBe(
        10,
      );
    });

    it('a chain is refused while the chain capability is off', async () => {
      const next = await client.create(ann, { provider: 'anthropic', name: 'Next' });
      const refused = await client.call(
        ann,
        'POST',
        '/api/agents',
        agentBody({ provider: 'anthropic', agent_ids: [next.id] }),
      );
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { message: string };
      expect(body.message).toBe(
        'Agents may not hand over to other agents: the chain capability is off on this server',
      );
      const patched = await client.call(ann, 'PATCH', `/api/agents/${next.id}`, { agent_ids: [next.id] });
      expect(patched.status).toBe(400);
      // An empty chain is no chain: it is accepted.
      expect((await client.create(ann, { provider: 'anthropic', agent_ids: [] })).agent_ids).toEqual([]);
    });

    it('files for a tool whose capability is off are refused', async () => {
      const upload = await uploadFile(server, ann, await pngImage(8, 8), 'a.png', {
        path: '/api/files/images',
      });
      const { file_id } = (await upload.json()) as { file_id: string };
      const refused = await client.call(
        ann,
        'POST',
        '/api/agents',
        agentBody({ provider: 'anthropic', tool_resources: { file_search: { file_ids: [file_id] } } }),
      );
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(
        'The file_search capability is off on this server',
      );
      const allowed = await client.create(ann, {
        provider: 'anthropic',
        tool_resources: { execute_code: { file_ids: [file_id] } },
      });
      expect(allowed.tool_resources).toEqual({ execute_code: { file_ids: [file_id] } });
    });
  });

  describe('disableBuilder', () => {
    let server: TestServer;
    let ann: TestUser;
    let admin: TestUser;
    let client: ReturnType<typeof agentClient>;
    beforeAll(async () => {
      server = await startTestServer({
        yaml: 'version: 1.2.8\nendpoints:\n  agents:\n    disableBuilder: true\n',
      });
      client = agentClient(server);
      ann = await createTestUser(server);
      admin = await createTestUser(server, { role: 'ADMIN' });
    });
    afterAll(() => server.stop());

    it('refuses every change, for admins too, while reads still answer', async () => {
      for (const user of [ann, admin]) {
        const res = await client.call(user, 'POST', '/api/agents', agentBody());
        expect(res.status).toBe(403);
        expect(((await res.json()) as { message: string }).message).toBe(
          'The agent builder is disabled on this server.',
        );
      }
      expect((await client.list(ann)).data).toEqual([]);
      expect((await client.call(ann, 'PATCH', '/api/agents/agent_none', { name: 'x' })).status).toBe(403);
    });
  });
});
