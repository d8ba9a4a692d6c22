import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../src/config/app-config.ts';
import { parseEnv } from '../../src/config/env.ts';
import { parseParleyYaml } from '../../src/config/load-config.ts';
import { startServer, type StartedServer } from '../../src/server.ts';
import { redisAvailable, startTestRedis, type TestRedis } from '../helpers/redis-server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { apiClient, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';
import { createApiKey, v1 } from '../openai-api/api-key-client.ts';

/**
 * A personal API key revoked, or past its expiry, is refused at once by every instance, not after
 * some cache ran out: two servers in this process on one PostgreSQL database and one redis-server,
 * the key made and revoked through A and used through B. Needs TEST_DATABASE_URL and redis-server.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL) && redisAvailable();

interface Instance extends StartedServer {
  api: TestServer['api'];
  dataDir: string;
}

async function startInstance(shared: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-apikey-'));
  const source = { ...shared, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  const env = parseEnv(source);
  const config = buildAppConfig(env, { ...parseParleyYaml('version: 1.2.8\n', source), path: null });
  const server = await startServer({ config, port: 0, host: '127.0.0.1', serveWeb: false });
  return { ...server, api: apiClient(server.url), dataDir };
}

describe.skipIf(!enabled)('personal API keys across instances', () => {
  let redis: TestRedis;
  let database: TestDatabase;
  let a: Instance;
  let b: Instance;
  let user: TestUser;

  beforeAll(async () => {
    [redis, database] = await Promise.all([startTestRedis(), createTestDatabase()]);
    const shared = {
      DATABASE_URL: database.databaseUrl!,
      REDIS_URL: redis.url,
      JWT_SECRET: 'api-key-jwt-secret-0123456789abcdef',
      JWT_REFRESH_SECRET: 'api-key-refresh-secret-0123456789abcdef',
      CREDS_KEY: 'cd'.repeat(32),
      DEMO_ENDPOINT: 'true',
    };
    a = await startInstance(shared);
    b = await startInstance(shared);
    user = await createTestUser(a as unknown as TestServer);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    for (const i of [a, b]) if (i) rmSync(i.dataDir, { recursive: true, force: true });
    await database?.drop();
    await redis?.stop();
  });

  it('refuses a key revoked on A at once on B', async () => {
    const { id, key } = await createApiKey(a, user);
    // B has just let the key through (anything it kept would be fresh now).
    expect((await v1(b, key, '/models')).status).toBe(200);
    expect(
      (
        await v1(b, key, '/chat/completions', {
          method: 'POST',
          json: { model: 'Demo/echo', messages: [{ role: 'user', content: 'hi' }] },
        })
      ).status,
    ).toBe(200);
    expect((await a.api(`/api/api-keys/${id}`, { method: 'DELETE', token: user.token })).status).toBe(204);
    expect((await v1(b, key, '/models')).status).toBe(401);
    expect((await v1(a, key, '/models')).status).toBe(401);
  });

  it('refuses a key on every instance the moment it expires', async () => {
    const expiresAt = new Date(Date.now() + 1_500);
    const { key } = await createApiKey(a, user, { expiresAt: expiresAt.toISOString() });
    expect((await v1(b, key, '/models')).status).toBe(200);
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt.getTime() - Date.now()) + 50));
    for (const instance of [b, a]) {
      const res = await v1(instance, key, '/models');
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 'expired_api_key' } });
    }
  });
});
