import { randomUUID } from 'node:crypto';
import { NO_PARENT } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf, openStream } from '../chat/sse-client.ts';
import { createTestUser } from '../helpers/test-users.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * How long the caches of the caller's session, role and memories keep an answer
 * (`session-check.ts`, `role-service.ts`, `memory-service.ts`).
 */
const CACHE_LIFE_MS = 5_000;

/** The query counts of /api/debug/metrics since its last reset. */
type QueryCounts = { reads: number; writes: number; transactions: number };

/**
 * Counts the database queries of `act`, run right after `warm` filled the caches. On a loaded
 * machine the caches can expire between the two (a read then is the cache doing its job, not the
 * request reading again), so a count that took longer than the caches' life is taken again, up to
 * three times; a request that reads every time still fails.
 */
async function countedAfterWarmUp<T>(
  server: TestServer,
  warm: () => Promise<unknown>,
  act: () => Promise<T>,
): Promise<{ final: T; queries: QueryCounts }> {
  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    await warm();
    await jsonOf(await server.api('/api/debug/metrics?reset=true'));
    const final = await act();
    const { queries } = await jsonOf(await server.api('/api/debug/metrics'));
    if (Date.now() - started < CACHE_LIFE_MS || attempt === 3) return { final, queries };
  }
}

describe('GET /api/debug/metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PARLEY_METRICS: 'true' } });
  });
  afterAll(() => server.stop());

  it('reports event-loop delay, memory and what one reply wrote: each message in one statement', async () => {
    const user = await createTestUser(server);
    const first = await openStream(server, '/api/agents/chat/Demo', {
      token: user.token,
      json: {
        text: 'first',
        model: 'echo',
        endpoint: 'Demo',
        conversationId: null,
        parentMessageId: NO_PARENT,
      },
    });
    const final = (await first.rest()).at(-1)!.data;
    await jsonOf(await server.api('/api/debug/metrics?reset=true'));

    const followUp = await openStream(server, '/api/agents/chat/Demo', {
      token: user.token,
      json: {
        text: 'second',
        model: 'echo',
        endpoint: 'Demo',
        conversationId: final.conversation.conversationId,
        parentMessageId: final.responseMessage.messageId,
      },
    });
    expect((await followUp.rest()).at(-1)!.data.responseMessage.text).toBe('second');
    const metrics = await jsonOf(await server.api('/api/debug/metrics'));
    expect(metrics.eventLoopDelayMs.p99).toBeGreaterThanOrEqual(0);
    expect(metrics.eventLoopStallCpuMs.max).toBeGreaterThanOrEqual(metrics.eventLoopStallCpuMs.p50);
    expect(metrics.memory.rssBytes).toBeGreaterThan(0);
    // The user message (one insert), then one transaction: the answer inserted with its
    // conversation's update in one statement, and its usage — the charges, the day's roll-up and
    // the budget counters — so usage is recorded for every answer whether or not balances are on,
    // atomically with it. Reads: the branch before the
    // upstream call, and the budgets that apply.
    expect(metrics.queries).toMatchObject({ writes: 6, writeOperations: 7, transactions: 1 });
    expect(metrics.queries.reads).toBeGreaterThanOrEqual(1);
  });

  // The soak benchmark splits the server's RSS: the embedded database's thread has a heap and
  // WebAssembly memory of its own that the main thread's process.memoryUsage() does not include.
  it('splits memory into the main thread and, on the embedded database, its own thread', async () => {
    const { memory } = await jsonOf(await server.api('/api/debug/metrics'));
    expect(memory.heapTotalBytes).toBeGreaterThanOrEqual(memory.heapUsedBytes);
    expect(memory.externalBytes).toBeGreaterThanOrEqual(memory.arrayBuffersBytes);
    if (process.env.TEST_DATABASE_URL) {
      expect(memory.database).toBeUndefined();
      return;
    }
    // PGlite's WebAssembly memory starts at 128 MB and only grows, in 64 kB pages.
    expect(memory.database.wasmBytes).toBeGreaterThanOrEqual(128 * 1024 * 1024);
    expect(memory.database.wasmBytes % 65536).toBe(0);
    expect(memory.database.heapUsedBytes).toBeGreaterThan(0);
    expect(memory.database.heapTotalBytes).toBeGreaterThanOrEqual(memory.database.heapUsedBytes);
  });

  // Every chat request needs the caller's role (for memories and tools) and their memories; both
  // used to be read from the database per request, which cost a loaded server a measurable share
  // of its time to first token. They now come from short-lived caches that the writes drop.
  it('reads neither the caller, their role nor their memories again for each chat request', async () => {
    const user = await createTestUser(server);
    const chat = async (text: string) => {
      const stream = await openStream(server, '/api/agents/chat/Demo', {
        token: user.token,
        json: { text, model: 'echo', endpoint: 'Demo', conversationId: null, parentMessageId: NO_PARENT },
      });
      return (await stream.rest()).at(-1)!.data;
    };
    const { final, queries } = await countedAfterWarmUp(
      server,
      () => chat('warm the caches'),
      () => chat('a new conversation'),
    );
    expect(final.responseMessage.text).toBe('a new conversation');
    // The new conversation with the user message, then the answer with the conversation's update
    // and its usage in one transaction (see above); the one read is the budgets that apply,
    // checked before the provider is called — not the caller, their role or their memories.
    expect(queries).toMatchObject({ reads: 1, writes: 6, transactions: 1 });
  });

  // A client names its new message (messageId) so that sending it again answers the saved one.
  // Whether the id is free, or names a first message sent before, used to be read before every
  // such request; now only a write that finds the id taken reads anything.
  it('reads nothing more for a message the client names, in a new conversation or a follow-up', async () => {
    const user = await createTestUser(server);
    const chat = async (json: Record<string, unknown>) => {
      const stream = await openStream(server, '/api/agents/chat/Demo', {
        token: user.token,
        json: { model: 'echo', endpoint: 'Demo', conversationId: null, parentMessageId: NO_PARENT, ...json },
      });
      return (await stream.rest()).at(-1)!.data;
    };
    const counted = (json: Record<string, unknown>) =>
      countedAfterWarmUp(
        server,
        () => chat({ text: 'warm the caches' }),
        () => chat(json),
      );
    const first = await counted({ text: 'named', messageId: randomUUID() });
    // As above: the budgets read, the message, and the answer with its usage in one transaction.
    expect(first.queries).toMatchObject({ reads: 1, writes: 6, transactions: 1 });
    const followUp = {
      conversationId: first.final.conversation.conversationId,
      parentMessageId: first.final.responseMessage.messageId,
    };
    const unnamed = await counted({ text: 'unnamed follow-up', ...followUp });
    const named = await counted({ text: 'named follow-up', ...followUp, messageId: randomUUID() });
    expect(named.queries).toMatchObject({ reads: unnamed.queries.reads, writes: 6, transactions: 1 });
  });
});

describe('without PARLEY_METRICS', () => {
  it('there is no metrics endpoint', async () => {
    const server = await startTestServer();
    try {
      expect((await server.api('/api/debug/metrics')).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
