import { startSimulator, type RequestObserver, type SimServer } from '@parley/llm-sim';
import { NO_PARENT, RESUMABLE_STREAM_HEADER } from '@parley/schema';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { conversations, messages } from '../../src/db/schema/index.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { openStream, type OpenStream } from './sse-client.ts';

export const SIM_ENDPOINT = 'Sim';
export const SIM_ENDPOINT_MODELS = [
  'echo',
  'slow',
  'thinking',
  'tools',
  'web-search',
  'title',
  'disconnect',
  'error-401',
  'error-429',
  'error-500',
];

export interface ChatFixture {
  server: TestServer;
  sim: SimServer;
  alice: TestUser;
  bob: TestUser;
  /**
   * POSTs a chat request (a new conversation with the echo model unless overridden); `resumable`
   * sends the opt-in header, so closing the stream does not stop the generation.
   */
  send(
    json: Record<string, unknown>,
    opts?: { token?: string; path?: string; resumable?: boolean; headers?: Record<string, string> },
  ): Promise<OpenStream>;
  stop(): Promise<void>;
}

/**
 * A test server whose one custom endpoint ("Sim") points at a simulator of its own, paced with
 * `tokensPerSecond` through the endpoint's headers, titling with the simulator's `title` model.
 */
export async function startChatFixture(
  opts: {
    tokensPerSecond?: number;
    diskDatabase?: boolean;
    /** More `endpoints.custom` entries; SIM_URL stands for the simulator's address. */
    extraYaml?: string;
    env?: Record<string, string>;
    /** Sees every request the simulator receives (e.g. to check what the model was sent). */
    onSimRequest?: RequestObserver;
  } = {},
): Promise<ChatFixture> {
  const sim = await startSimulator({ onRequest: opts.onSimRequest });
  const yaml = `
version: 1.2.8
endpoints:
  custom:
    - name: ${SIM_ENDPOINT}
      apiKey: sk-test
      baseURL: ${sim.url}/v1
      models:
        default: [${SIM_ENDPOINT_MODELS.join(', ')}]
      headers:
        x-sim-tokens-per-second: '${opts.tokensPerSecond ?? 100}'
      titleConvo: true
      titleModel: title
${(opts.extraYaml ?? '').replaceAll('SIM_URL', sim.url)}`;
  // SIM_URL in an environment value stands for the simulator's address too.
  const env = Object.fromEntries(
    Object.entries(opts.env ?? {}).map(([name, value]) => [name, value.replaceAll('SIM_URL', sim.url)]),
  );
  const server = await startTestServer({ yaml, diskDatabase: opts.diskDatabase, env });
  const alice = await createTestUser(server, { name: 'Alice' });
  const bob = await createTestUser(server, { name: 'Bob' });
  return {
    server,
    sim,
    alice,
    bob,
    send: (json, o = {}) =>
      openStream(server, o.path ?? `/api/agents/chat/${SIM_ENDPOINT}`, {
        token: o.token ?? alice.token,
        headers: { ...o.headers, ...(o.resumable ? { [RESUMABLE_STREAM_HEADER]: 'true' } : {}) },
        json: {
          parentMessageId: NO_PARENT,
          conversationId: null,
          model: 'echo',
          endpoint: SIM_ENDPOINT,
          ...json,
        },
      }),
    stop: async () => {
      await server.stop();
      await sim.close();
    },
  };
}

export async function messagesOf(db: Database, conversationId: string) {
  return db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.messageId));
}

export async function conversationRow(db: Database, conversationId: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.conversationId, conversationId));
  return row;
}

/** Polls until `check` returns a value other than undefined (or throws after `timeoutMs`). */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('waitFor timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
