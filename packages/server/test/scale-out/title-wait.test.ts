import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimServer } from '@parley/llm-sim';
import { NO_PARENT } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../src/config/app-config.ts';
import { parseEnv } from '../../src/config/env.ts';
import { parseParleyYaml } from '../../src/config/load-config.ts';
import { startServer, type StartedServer } from '../../src/server.ts';
import { jsonOf, openStream } from '../chat/sse-client.ts';
import { redisAvailable, startTestRedis, type TestRedis } from '../helpers/redis-server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import type { TestServer } from '../helpers/test-server.ts';

/**
 * `gen_title` through instance B waits for a title that instance A is still generating: the
 * wait goes through the Redis bus (B's database read finds no title yet). Two servers in this
 * process, each with its own engine and its own Redis connections, on one PostgreSQL database.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL) && redisAvailable();

interface Instance extends StartedServer {
  api: TestServer['api'];
  dataDir: string;
}

async function startInstance(shared: Record<string, string>, yaml: string): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-title-'));
  const source = { ...shared, DATA_DIR: dataDir, LOG_LEVEL: 'silent', REGISTER_MAX: '100', LOGIN_MAX: '100' };
  const env = parseEnv(source);
  const config = buildAppConfig(env, { ...parseParleyYaml(yaml, source), path: null });
  const server = await startServer({ config, port: 0, host: '127.0.0.1', serveWeb: false });
  const api: TestServer['api'] = (path, init = {}) => {
    const { json, token, headers, ...rest } = init;
    const h = new Headers(headers);
    if (json !== undefined) h.set('content-type', 'application/json');
    if (token) h.set('authorization', `Bearer ${token}`);
    return fetch(server.url + path, {
      ...rest,
      headers: h,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  };
  return { ...server, api, dataDir };
}

describe.skipIf(!enabled)('title waits across instances', () => {
  let redis: TestRedis;
  let database: TestDatabase;
  let sim: SimServer;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    [redis, database, sim] = await Promise.all([startTestRedis(), createTestDatabase(), startSimulator()]);
    // Every call to the simulator (the answer and the title) waits 1 s before its first token.
    const yaml = `
version: 1.2.8
endpoints:
  custom:
    - name: Sim
      apiKey: sk-test
      baseURL: ${sim.url}/v1
      models:
        default: [echo, title]
      headers:
        x-sim-first-token-delay-ms: '1000'
      titleConvo: true
      titleModel: title
`;
    const shared = {
      DATABASE_URL: database.databaseUrl!,
      REDIS_URL: redis.url,
      JWT_SECRET: 'title-wait-jwt-secret-0123456789',
      JWT_REFRESH_SECRET: 'title-wait-refresh-secret-0123456789',
      CREDS_KEY: 'cd'.repeat(32),
    };
    a = await startInstance(shared, yaml);
    b = await startInstance(shared, yaml);
  }, 60_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      await instance?.close(1000);
      if (instance) rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await sim?.close();
    await database?.drop();
    await redis?.stop();
  });

  it('B answers the title A generates, once A announces it', async () => {
    const password = 'correct horse battery';
    const email = 'titles@example.com';
    const registered = await a.api('/api/auth/register', {
      method: 'POST',
      json: { name: 'Titles', email, password, confirm_password: password },
    });
    expect(registered.status).toBe(200);
    const { token } = (await jsonOf(
      await a.api('/api/auth/login', { method: 'POST', json: { email, password } }),
    )) as { token: string };

    const stream = await openStream(a as unknown as TestServer, '/api/agents/chat/Sim', {
      token,
      json: {
        text: 'Plan a trip to Lisbon',
        model: 'echo',
        endpoint: 'Sim',
        conversationId: null,
        parentMessageId: NO_PARENT,
      },
    });
    expect(stream.response.status).toBe(200);
    const events = await stream.rest();
    const final = events.at(-1)!.data;
    expect(final.final).toBe(true);
    const conversationId = final.conversation.conversationId as string;
    // The title is still being generated on A (its call waits 1 s): B's database has none yet.
    const onB = await jsonOf(await b.api(`/api/convos/${conversationId}`, { token }));
    expect(onB.title).toBe(final.conversation.title);

    const started = Date.now();
    const res = await b.api('/api/convos/gen_title', { method: 'POST', token, json: { conversationId } });
    expect(res.status).toBe(200);
    const { title } = (await res.json()) as { title: string };
    expect(Date.now() - started).toBeGreaterThan(300);
    expect(title).not.toBe(onB.title);
    expect((await jsonOf(await b.api(`/api/convos/${conversationId}`, { token }))).title).toBe(title);
  });
});
