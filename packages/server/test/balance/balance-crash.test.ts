import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_PARENT } from '@parley/schema';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deltaText, openStream, type OpenStream } from '../chat/sse-client.ts';
import { redisAvailable, startTestRedis, type TestRedis } from '../helpers/redis-server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import type { TestServer } from '../helpers/test-server.ts';
import { startServerProcess, type ServerProcess } from '../scale-out/server-process.ts';

/**
 * An instance killed (SIGKILL) in the middle of an answer, on PostgreSQL: the answer's charge is
 * written with the answer or not at all. With Redis, the other instance saves the answer so far
 * and charges it exactly once; alone, the restarted instance gives the whole hold back.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL) && redisAvailable();

const BALANCE_YAML = `version: 1.2.8
balance:
  enabled: true
  startBalance: 100000
  reserveCompletionTokens: 2000
  prices:
    slow: { prompt: 1, completion: 3 }
`;

describe.skipIf(!enabled)('balances when an instance dies mid-answer (PostgreSQL)', () => {
  let redis: TestRedis;
  let database: TestDatabase;
  let configDir: string;
  let sql: pg.Client;
  const running: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    redis = await startTestRedis();
    database = await createTestDatabase();
    configDir = mkdtempSync(join(tmpdir(), 'parley-balance-crash-'));
    writeFileSync(join(configDir, 'parley.yaml'), BALANCE_YAML);
    env = {
      DATABASE_URL: database.databaseUrl!,
      CONFIG_PATH: join(configDir, 'parley.yaml'),
      JWT_SECRET: 'balance-crash-jwt-secret-0123456789abcdef',
      JWT_REFRESH_SECRET: 'balance-crash-refresh-secret-0123456789abcdef',
      CREDS_KEY: 'cd'.repeat(32),
      DEMO_ENDPOINT: 'true',
      REGISTER_MAX: '1000',
      LOGIN_MAX: '1000',
      GENERATION_LOCK_TTL_MS: '3000',
      GENERATION_SWEEP_MS: '300',
    };
    sql = new pg.Client({ connectionString: database.databaseUrl });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop()));
    await sql?.end();
    await database?.drop();
    await redis?.stop();
    rmSync(configDir, { recursive: true, force: true });
  });

  async function start(name: string, extra: Record<string, string> = {}) {
    const instance = await startServerProcess(name, { ...env, ...extra });
    running.push(instance);
    return instance;
  }

  async function signUp(instance: ServerProcess, email: string): Promise<string> {
    const password = 'correct horse battery';
    await instance.api('/api/auth/register', {
      method: 'POST',
      json: { name: 'Crash Test', email, password, confirm_password: password },
    });
    const login = await instance.api('/api/auth/login', { method: 'POST', json: { email, password } });
    return ((await login.json()) as { token: string }).token;
  }

  const credits = async (instance: ServerProcess, token: string) =>
    ((await (await instance.api('/api/balance', { token })).json()) as { tokenCredits: number }).tokenCredits;

  async function slowStream(
    instance: ServerProcess,
    token: string,
  ): Promise<{ stream: OpenStream; conversationId: string }> {
    const stream = await openStream(instance as unknown as TestServer, '/api/agents/chat/Demo', {
      token,
      json: {
        text: 'tell me a long story',
        model: 'slow',
        endpoint: 'Demo',
        conversationId: null,
        parentMessageId: NO_PARENT,
      },
    });
    expect(stream.response.status).toBe(200);
    const events = await stream.until((e) => deltaText([e]).length > 0);
    const created = events.find((e) => e.data?.created)!;
    await stream.until((e) => e.data.event === 'on_message_delta');
    await stream.until((e) => e.data.event === 'on_message_delta');
    return { stream, conversationId: created.data.message.conversationId as string };
  }

  const rows = async (query: string, params: unknown[]) => (await sql.query(query, params)).rows;

  it('with Redis: the surviving instance saves the answer so far and charges it exactly once', async () => {
    const a = await start('a', { REDIS_URL: redis.url });
    const b = await start('b', { REDIS_URL: redis.url });
    const token = await signUp(a, 'crash-redis@example.com');
    const before = await credits(a, token);
    const { conversationId } = await slowStream(a, token);
    // The hold is taken while A streams.
    expect(await credits(b, token)).toBeLessThan(before);
    await a.kill();

    type Saved = {
      messageId: string;
      figures?: { cost: number };
      unfinished: boolean;
      isCreatedByUser: boolean;
    };
    let answer: Saved | undefined;
    for (let i = 0; i < 100 && !answer; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const list = (await (await b.api(`/api/messages/${conversationId}`, { token })).json()) as Saved[];
      answer = list.find((m) => !m.isCreatedByUser);
    }
    expect(answer).toMatchObject({ unfinished: true });
    const charges = await rows(
      'select token_type, token_value from balance_transactions where message_id = $1 order by token_type',
      [answer!.messageId],
    );
    expect(charges.map((c) => c.token_type)).toEqual(['completion', 'prompt']);
    const cost = -charges.reduce((s, c) => s + Number(c.token_value), 0);
    expect(cost).toBeGreaterThan(0);
    expect(await credits(b, token)).toBeCloseTo(before - cost, 6);
    expect(await rows('select * from balance_reservations', [])).toHaveLength(0);

    // B restarting, or sweeping again, changes nothing: charged once.
    await new Promise((r) => setTimeout(r, 1000));
    expect(
      await rows('select * from balance_transactions where message_id = $1', [answer!.messageId]),
    ).toHaveLength(2);
    expect(await credits(b, token)).toBeCloseTo(before - cost, 6);
    await b.stop();
    running.length = 0;
  }, 120_000);

  it('alone: the restarted instance gives back the hold of the answer that was never saved', async () => {
    const solo = await start('solo');
    const token = await signUp(solo, 'crash-solo@example.com');
    const before = await credits(solo, token);
    const { conversationId } = await slowStream(solo, token);
    expect(await credits(solo, token)).toBeLessThan(before);
    await solo.kill();

    const again = await start('again');
    expect(await credits(again, token)).toBe(before);
    const messages = (await (
      await again.api(`/api/messages/${conversationId}`, { token })
    ).json()) as unknown[];
    expect(messages).toHaveLength(1); // the question; no answer was saved, so nothing was charged
    const user = await rows('select id from users where email = $1', ['crash-solo@example.com']);
    expect(await rows('select * from balance_transactions where user_id = $1', [user[0].id])).toHaveLength(0);
    expect(await rows('select * from balance_reservations', [])).toHaveLength(0);
  }, 120_000);
});
