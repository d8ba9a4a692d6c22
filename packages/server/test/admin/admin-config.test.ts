import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminConfig } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

const YAML = `
version: 1.2.8
endpoints:
  custom:
    - name: Unreachable
      apiKey: \${ADMIN_TEST_KEY}
      baseURL: http://\${ADMIN_TEST_HOST}:1/v1
      headers: { X-Tenant: tenant-secret-header }
      models: { default: [one], fetch: true }
`;

/** GET /api/admin/config: nothing secret leaves the server; warnings and endpoint health do. */
describe('/api/admin/config', () => {
  let server: TestServer;
  let admin: TestUser;
  let user: TestUser;
  const dir = mkdtempSync(join(tmpdir(), 'parley-admin-config-'));
  beforeAll(async () => {
    process.env.ADMIN_TEST_KEY = 'sk-live-very-secret';
    process.env.ADMIN_TEST_HOST = '127.0.0.1';
    server = await startTestServer({
      yaml: YAML,
      env: { ADMIN_TEST_KEY: 'sk-live-very-secret', ADMIN_TEST_HOST: '127.0.0.1' },
    });
    // The test server parses the YAML text without a file; the view reads the file for ${VAR}s.
    const file = join(dir, 'parley.yaml');
    writeFileSync(file, YAML);
    server.ctx.config.yamlPath = file;
    admin = await createTestUser(server, { role: 'ADMIN' });
    user = await createTestUser(server);
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
    delete process.env.ADMIN_TEST_KEY;
    delete process.env.ADMIN_TEST_HOST;
  });

  it('is for administrators only', async () => {
    expect((await server.api('/api/admin/config')).status).toBe(401);
    expect((await server.api('/api/admin/config', { token: user.token })).status).toBe(403);
  });

  it('masks secrets and ${VAR} values, and reports warnings and the endpoint health', async () => {
    const res = await server.api('/api/admin/config', { token: admin.token });
    expect(res.status).toBe(200);
    const text = await res.clone().text();
    expect(text).not.toContain('sk-live-very-secret');
    expect(text).not.toContain('tenant-secret-header');
    const view = (await res.json()) as AdminConfig;
    expect(view.yaml).toContain('baseURL: http://${ADMIN_TEST_HOST}:1/v1');
    expect(view.yaml).toContain('apiKey: ••••••');
    // The test server allows password resets without mail: the start warns about it.
    expect(view.warnings.some((w) => w.startsWith('ALLOW_PASSWORD_RESET is on without e-mail'))).toBe(true);
    const endpoint = view.endpoints.find((e) => e.name === 'Unreachable');
    expect(endpoint).toMatchObject({ fetchesModels: true, models: 1 });
    expect(endpoint!.lastError).toBeTruthy();
    expect(endpoint!.lastFetchAt).not.toBeNull();
  });
});
