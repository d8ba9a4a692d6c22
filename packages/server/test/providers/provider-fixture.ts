import { startSimulator, type ReceivedRequest, type SimServer } from '@parley/llm-sim';
import { NO_PARENT } from '@parley/schema';
import { finalOf, jsonOf, openStream, type SseEvent } from '../chat/sse-client.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

export interface ProviderFixture {
  server: TestServer;
  sim: SimServer;
  user: TestUser;
  /** Every generation request the simulator received, oldest first. */
  requests: ReceivedRequest[];
  /** Streams one chat request to an endpoint; answers every event. */
  chat(endpoint: string, json: Record<string, unknown>): Promise<SseEvent[]>;
  /** The upstream request whose body mentions `marker` (the user text of that turn). */
  requestWith(marker: string): ReceivedRequest;
  stop(): Promise<void>;
}

/**
 * A test server with every built-in provider kind pointed at one simulator that records what it
 * receives: environment (`env(simUrl)`) and parley.yaml (`yaml(simUrl)`) as a deployment would
 * set them.
 */
export async function startProviderFixture(opts: {
  env: (simUrl: string) => Record<string, string>;
  yaml?: (simUrl: string) => string;
}): Promise<ProviderFixture> {
  const requests: ReceivedRequest[] = [];
  const sim = await startSimulator({
    defaults: { tokensPerSecond: 5000 },
    onRequest: (r) => requests.push(r),
  });
  const server = await startTestServer({ env: opts.env(sim.url), yaml: opts.yaml?.(sim.url) });
  const user = await createTestUser(server);
  return {
    server,
    sim,
    user,
    requests,
    chat: async (endpoint, json) =>
      (
        await openStream(server, `/api/agents/chat/${endpoint}`, {
          token: user.token,
          json: { parentMessageId: NO_PARENT, conversationId: null, endpoint, ...json },
        })
      ).rest(),
    requestWith: (marker) => {
      const found = requests.findLast((r) => JSON.stringify(r.body).includes(marker));
      if (!found) throw new Error(`no upstream request mentions "${marker}"`);
      return found;
    },
    stop: async () => {
      await server.stop();
      await sim.close();
    },
  };
}

/** A 400 answer's message, for parameter validation checks. */
export async function badRequestMessage(f: ProviderFixture, endpoint: string, json: Record<string, unknown>) {
  const res = await f.server.api(`/api/agents/chat/${endpoint}`, {
    method: 'POST',
    token: f.user.token,
    json: { text: 'x', parentMessageId: NO_PARENT, endpoint, ...json },
  });
  return { status: res.status, body: await jsonOf(res) };
}

export { finalOf };
