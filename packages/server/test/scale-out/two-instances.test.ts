import { NO_PARENT, RESUMABLE_STREAM_HEADER } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slowAnswer } from '../../../llm-sim/src/behaviours/slow.ts';
import { deltaText, jsonOf, openStream, type OpenStream, type SseEvent } from '../chat/sse-client.ts';
import { redisAvailable, startTestRedis, type TestRedis } from '../helpers/redis-server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import type { TestServer } from '../helpers/test-server.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * Two server processes on one PostgreSQL database and one redis-server, as behind a load
 * balancer without sticky sessions: whatever one instance starts, the other can resume, stop,
 * list and count; when one dies mid-answer, the other saves the answer as unfinished.
 * Needs TEST_DATABASE_URL and redis-server (CI has both, so there it never skips).
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL) && redisAvailable();

/** A lock that lapses in 3 s and a sweep every 300 ms, so a dead instance is noticed in seconds. */
const LOCK_TTL_MS = 3000;
const LOGIN_MAX = 6;
const BAN_INTERVAL = 3;

const isDelta = (e: SseEvent) => e.data.event === 'on_message_delta';

describe.skipIf(!enabled)('two instances on PostgreSQL and Redis', () => {
  let redis: TestRedis;
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let token: string;

  beforeAll(async () => {
    redis = await startTestRedis();
    // Empty, not the run's migrated copy: the production start applies the migrations itself.
    database = await createTestDatabase({ empty: true });
    const env = {
      DATABASE_URL: database.databaseUrl!,
      REDIS_URL: redis.url,
      JWT_SECRET: 'scale-out-jwt-secret-0123456789abcdef',
      JWT_REFRESH_SECRET: 'scale-out-refresh-secret-0123456789abcdef',
      CREDS_KEY: 'ab'.repeat(32),
      DEMO_ENDPOINT: 'true',
      LOGIN_MAX: String(LOGIN_MAX),
      BAN_INTERVAL: String(BAN_INTERVAL),
      REGISTER_MAX: '1000',
      GENERATION_LOCK_TTL_MS: String(LOCK_TTL_MS),
      GENERATION_SWEEP_MS: '300',
    };
    // One after the other: the first applies the migrations.
    a = await startServerProcess('a', env);
    b = await startServerProcess('b', env);
    const password = 'correct horse battery';
    const email = 'scale@example.com';
    const registered = await a.api('/api/auth/register', {
      method: 'POST',
      json: { name: 'Scale', email, password, confirm_password: password },
    });
    expect(registered.status).toBe(200);
    const login = await a.api('/api/auth/login', { method: 'POST', json: { email, password } });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
  }, 400_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    await redis?.stop();
  });

  /** openStream needs only `api` from a test server. */
  const stream = (
    instance: ServerProcess,
    path: string,
    json?: unknown,
    headers?: Record<string, string>,
  ): Promise<OpenStream> => openStream(instance as unknown as TestServer, path, { token, json, headers });

  /**
   * Starts the Demo's slow answer through A and reads until `deltas` text deltas arrived;
   * `resumable` sends the opt-in header (closing the stream does not stop the generation).
   */
  async function startSlow(deltas: number, resumable = true) {
    const s = await stream(
      a,
      '/api/agents/chat/Demo',
      {
        text: 'tell me a long story',
        model: 'slow',
        endpoint: 'Demo',
        conversationId: null,
        parentMessageId: NO_PARENT,
      },
      resumable ? { [RESUMABLE_STREAM_HEADER]: 'true' } : undefined,
    );
    expect(s.response.status).toBe(200);
    const events: SseEvent[] = [];
    while (events.filter(isDelta).length < deltas) events.push(...(await s.until(isDelta)));
    const created = events[0]!.data as {
      created: true;
      message: { conversationId: string; messageId: string };
    };
    return {
      stream: s,
      events,
      conversationId: created.message.conversationId,
      requestId: created.message.messageId,
    };
  }

  const messagesThrough = async (instance: ServerProcess, conversationId: string) =>
    jsonOf(await instance.api(`/api/messages/${conversationId}`, { token }));

  it('shares rate-limit counters: attempts through A and B count together', async () => {
    // The limit is LOGIN_MAX failures per account and address per window (the successful
    // sign-in above does not count).
    for (let attempt = 1; attempt <= LOGIN_MAX; attempt++) {
      const via = attempt % 2 ? a : b;
      const res = await via.api('/api/auth/login', {
        method: 'POST',
        json: { email: 'nobody@example.com', password: 'wrong password here' },
      });
      expect(res.status).toBe(401);
    }
    const refused = await b.api('/api/auth/login', {
      method: 'POST',
      json: { email: 'nobody@example.com', password: 'wrong password here' },
    });
    expect(refused.status).toBe(429);
    expect((await jsonOf(refused)).type).toBe('logins');
  });

  it('shares bans: an address banned for violations through A is refused by B', async () => {
    // Told apart from this test's own address by the header its loopback "proxy" adds.
    const client = { 'x-forwarded-for': '198.51.100.23' };
    const attempt = (via: ServerProcess) =>
      via.api('/api/auth/login', {
        method: 'POST',
        headers: client,
        json: { email: 'ban-me@example.com', password: 'wrong password here' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_MAX + BAN_INTERVAL; i++) statuses.push((await attempt(a)).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(BAN_INTERVAL);
    const refused = await b.api('/api/user', { token, headers: client });
    expect(refused.status).toBe(403);
    expect((await jsonOf(refused)).type).toBe('ban');
    expect((await b.api('/api/user', { token })).status).toBe(200);
  });

  it('a generation started through A is listed, resumed and stopped through B; the saved answer is the one streamed', async () => {
    const { stream: fromA, events: seenOnA, conversationId } = await startSlow(3);
    expect((await jsonOf(await b.api('/api/agents/chat/active', { token }))).activeJobIds).toEqual([
      conversationId,
    ]);

    const fromB = await stream(b, `/api/agents/chat/stream/${conversationId}?resume=true`);
    const sync = (await fromB.next())!;
    expect(sync.data.sync).toBe(true);
    const soFar: string = sync.data.resumeState.content.map((p: { text?: string }) => p.text ?? '').join('');
    expect(soFar.length).toBeGreaterThan(0);
    expect(slowAnswer().startsWith(soFar)).toBe(true);
    const liveOnB: SseEvent[] = [];
    while (liveOnB.filter(isDelta).length < 3) liveOnB.push(...(await fromB.until(isDelta)));

    const stopped = await b.api('/api/agents/chat/abort', {
      method: 'POST',
      token,
      json: { conversationId },
    });
    expect(stopped.status).toBe(200);
    const final = await jsonOf(stopped);
    expect(final.responseMessage).toMatchObject({
      unfinished: false,
      finish_reason: 'incomplete',
      error: false,
    });
    const saved: string = final.responseMessage.text;
    expect(saved.length).toBeLessThan(slowAnswer().length);
    expect(slowAnswer().startsWith(saved)).toBe(true);

    // B: the content so far once, then the rest, then final; the two add up to the saved answer.
    liveOnB.push(...(await fromB.rest()));
    expect(soFar + deltaText(liveOnB)).toBe(saved);
    expect(liveOnB.at(-1)!.data).toMatchObject({ final: true, responseMessage: { text: saved } });
    // A's own stream saw every delta once and ends with the same final.
    const restOnA = await fromA.rest();
    expect(deltaText([...seenOnA, ...restOnA])).toBe(saved);
    expect(restOnA.at(-1)!.data.responseMessage.text).toBe(saved);

    // Saved as a stop on one instance saves it: request and unfinished answer, read through either.
    for (const instance of [a, b]) {
      const rows = await messagesThrough(instance, conversationId);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatchObject({ text: saved, unfinished: false, finish_reason: 'incomplete' });
    }
    expect((await jsonOf(await a.api('/api/agents/chat/active', { token }))).activeJobIds).toEqual([]);
    // Nothing runs any more, on either instance.
    const again = await a.api('/api/agents/chat/abort', { method: 'POST', token, json: { conversationId } });
    expect(again.status).toBe(204);
  });

  it('without the opt-in, the generation on A goes on while B follows it and stops when B, the last stream, leaves', async () => {
    const { stream: fromA, events, conversationId, requestId } = await startSlow(2, false);
    const fromB = await stream(b, `/api/agents/chat/stream/${conversationId}?resume=true`);
    expect((await fromB.next())!.data.sync).toBe(true);
    fromA.close();
    // B still receives the answer after A's stream left.
    const onB: SseEvent[] = [];
    while (onB.filter(isDelta).length < 3) onB.push(...(await fromB.until(isDelta)));
    expect(onB.some((e) => e.data.final)).toBe(false);
    fromB.close();

    // The next message through A is accepted at once (it waits for the stop, no 429).
    const next = await stream(a, '/api/agents/chat/Demo', {
      text: 'and now?',
      model: 'echo',
      endpoint: 'Demo',
      conversationId,
      parentMessageId: requestId,
    });
    expect(next.response.status).toBe(200);
    expect((await next.rest()).at(-1)!.data.responseMessage.text).toBe('and now?');

    const rows = (await messagesThrough(b, conversationId)) as { text: string; parentMessageId: string }[];
    const stopped = rows.find((r) => r.parentMessageId === requestId && r.text !== 'and now?');
    expect(stopped).toMatchObject({ unfinished: false, finish_reason: 'incomplete', error: false });
    expect(stopped!.text.startsWith(deltaText(events))).toBe(true);
    expect(stopped!.text.length).toBeLessThan(slowAnswer().length);
    expect(slowAnswer().startsWith(stopped!.text)).toBe(true);
  }, 60_000);

  it('with the opt-in, closing the stream on A does not stop the generation: the whole answer is saved', async () => {
    const { stream: fromA, conversationId } = await startSlow(2, true);
    fromA.close();
    // Re-attached through B later, it runs to its end.
    await new Promise((r) => setTimeout(r, 500));
    const fromB = await stream(b, `/api/agents/chat/stream/${conversationId}?resume=true`);
    const final = (await fromB.rest()).at(-1)!.data;
    expect(final).toMatchObject({
      final: true,
      responseMessage: { text: slowAnswer(), finish_reason: 'stop' },
    });
  }, 60_000);

  it('a finished generation resumed through B answers its final at once', async () => {
    const s = await stream(a, '/api/agents/chat/Demo', {
      text: 'echo me across instances',
      model: 'echo',
      endpoint: 'Demo',
      conversationId: null,
      parentMessageId: NO_PARENT,
    });
    const events = await s.rest();
    const conversationId = events[0]!.data.message.conversationId as string;
    const resumed = await (await stream(b, `/api/agents/chat/stream/${conversationId}?resume=true`)).rest();
    expect(resumed).toHaveLength(1);
    expect(resumed[0]!.data).toMatchObject({
      final: true,
      responseMessage: { text: 'echo me across instances' },
    });
  });

  it('killing A mid-stream: the user message stays, and B saves the answer so far as unfinished', async () => {
    const { events, conversationId, requestId } = await startSlow(4);
    const seen = deltaText(events);
    // A client re-attaches through B before A dies; it must still receive a final.
    const fromB = await stream(b, `/api/agents/chat/stream/${conversationId}?resume=true`);
    expect((await fromB.next())!.data.sync).toBe(true);
    await a.kill();

    const rest = await fromB.rest();
    const final = rest.at(-1)!.data;
    expect(final).toMatchObject({
      final: true,
      responseMessage: { unfinished: true, finish_reason: 'incomplete', parentMessageId: requestId },
    });
    const saved: string = final.responseMessage.text;
    expect(saved.startsWith(seen)).toBe(true);
    expect(slowAnswer().startsWith(saved)).toBe(true);
    expect(saved.length).toBeLessThan(slowAnswer().length);

    const rows = await messagesThrough(b, conversationId);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      messageId: requestId,
      isCreatedByUser: true,
      text: 'tell me a long story',
    });
    expect(rows[1]).toMatchObject({
      text: saved,
      unfinished: true,
      finish_reason: 'incomplete',
      error: false,
    });
    expect((await jsonOf(await b.api('/api/agents/chat/active', { token }))).activeJobIds).toEqual([]);
    // The conversation is free again: B takes the next message.
    const next = await stream(b, '/api/agents/chat/Demo', {
      text: 'still there?',
      model: 'echo',
      endpoint: 'Demo',
      conversationId,
      parentMessageId: final.responseMessage.messageId,
    });
    expect(next.response.status).toBe(200);
    const after = await next.rest();
    expect(after.at(-1)!.data.responseMessage.text).toBe('still there?');
  }, 60_000);
});
