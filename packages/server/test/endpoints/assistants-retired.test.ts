import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

describe('the retired Assistants API', () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    user = await createTestUser(server);
  });
  afterAll(() => server.stop());

  const expectRetired = async (res: Response) => {
    expect(res.status).toBe(404);
    const body = (await res.json()) as { message: string; code: string };
    expect(body.code).toBe('assistants_retired');
    expect(body.message).toMatch(/OpenAI has retired/);
    expect(body.message).toMatch(/agents/);
  };

  it('answers every /api/assistants call (v1 for Azure, v2) with a 404 saying why', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/assistants/v2'],
      ['GET', '/api/assistants/v2/documents'],
      ['GET', '/api/assistants/v1/?endpoint=azureAssistants'],
      ['POST', '/api/assistants/v2/chat', { text: 'hi', assistant_id: 'asst_1' }],
      ['POST', '/api/assistants/v1/chat', { text: 'hi', endpoint: 'azureAssistants' }],
      ['PATCH', '/api/assistants/v2/asst_1', { name: 'x' }],
      ['DELETE', '/api/assistants/v2/asst_1'],
      ['POST', '/api/assistants/v2/actions/asst_1', {}],
    ];
    for (const [method, path, json] of calls) {
      await expectRetired(await server.api(path, { method, json, token: user.token }));
    }
  });

  it('refuses a chat request for the assistants endpoints with the same answer', async () => {
    for (const endpoint of ['assistants', 'azureAssistants']) {
      const json = { text: 'hi', endpoint, parentMessageId: null, conversationId: null };
      await expectRetired(
        await server.api(`/api/agents/chat/${endpoint}`, { method: 'POST', json, token: user.token }),
      );
      await expectRetired(await server.api('/api/agents/chat', { method: 'POST', json, token: user.token }));
    }
  });
});
