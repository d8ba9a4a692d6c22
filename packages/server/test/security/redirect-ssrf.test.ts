import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSimulator, type ReceivedRequest, type SimServer } from '@parley/llm-sim';
import { NO_PARENT } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../chat/sse-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

/**
 * SSRF through redirects: a user's base URL names a public host (here 127.0.0.2, which this
 * server's allow-list admits the way an operator admits a host), and that host redirects the chat
 * request to a loopback service (the simulator on 127.0.0.1, not admitted). The loopback service
 * must receive nothing, and nothing it could answer may reach the user.
 */
let sim: SimServer;
let redirector: Server;
let redirectorUrl: string;
let server: TestServer;
let user: TestUser;
let status = 302;
const simRequests: ReceivedRequest[] = [];

beforeAll(async () => {
  sim = await startSimulator({ onRequest: (r) => simRequests.push(r) });
  redirector = createServer((req, res) => {
    req.resume();
    res.writeHead(status, { location: `${sim.url}/v1/chat/completions` });
    res.end('moved');
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.2', resolve));
  redirectorUrl = `http://127.0.0.2:${(redirector.address() as AddressInfo).port}`;
  server = await startTestServer({
    env: { USER_BASE_URL_ALLOWLIST: '127.0.0.2', TITLE_CONVO: 'false' },
    yaml: `
version: 1.2.8
endpoints:
  custom:
    - name: OwnURL
      apiKey: user_provided
      baseURL: user_provided
      models: { default: [echo] }
`,
  });
  user = await createTestUser(server);
  const saved = await server.api('/api/keys', {
    method: 'PUT',
    token: user.token,
    json: { name: 'OwnURL', value: JSON.stringify({ apiKey: 'sk-user', baseURL: `${redirectorUrl}/v1` }) },
  });
  expect(saved.status).toBe(201);
});
afterAll(async () => {
  await server.stop();
  await sim.close();
  redirector.close();
});

describe('a user base URL that redirects to loopback', () => {
  it.each([301, 302, 303, 307, 308])(
    '%i: the loopback service receives nothing and the user sees a refusal',
    async (code) => {
      status = code;
      simRequests.length = 0;
      const stream = await openStream(server, '/api/agents/chat/OwnURL', {
        token: user.token,
        json: {
          text: 'reach the internal service',
          model: 'echo',
          endpoint: 'OwnURL',
          parentMessageId: NO_PARENT,
        },
      });
      const events = await stream.rest();
      const last = events.at(-1)!;
      expect(last.event, JSON.stringify(last.data)).toBe('error');
      expect(last.data.text).toMatch(/private, loopback or link-local address/);
      expect(simRequests).toEqual([]);
      expect(JSON.stringify(events)).not.toContain('reach the internal service"}');
      expect(JSON.stringify(events)).not.toContain('moved');
    },
  );
});
