import { randomUUID } from 'node:crypto';
import type { AuditList, Banner } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

/** The console's banners, everyone's API keys, and the audit log's paging and sign-ins. */
describe('/api/admin banners, api-keys, audit', () => {
  let server: TestServer;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server, { role: 'ADMIN' });
    user = await createTestUser(server);
  });
  afterAll(() => server.stop());

  const send = (method: string, path: string, json?: unknown) =>
    server.api(path, { method, json, token: admin.token });

  it('adds, shows, edits and deletes banners with their HTML sanitised', async () => {
    const created = await send('POST', '/api/admin/banners', {
      message: '<b>Maintenance</b><script>alert(1)</script>',
      isPublic: true,
    });
    expect(created.status).toBe(201);
    const banner = (await created.json()) as Banner;
    expect(banner.message).toBe('<b>Maintenance</b>');
    expect(((await (await server.api('/api/banner')).json()) as Banner).bannerId).toBe(banner.bannerId);

    const edited = await send('PUT', `/api/admin/banners/${banner.bannerId}`, {
      message: 'Members only',
      isPublic: false,
      displayTo: '2999-01-01T00:00:00Z',
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ message: 'Members only', isPublic: false });
    // No longer public: a visitor sees none, a signed-in user sees it.
    expect(await (await server.api('/api/banner')).json()).toBeNull();
    const seen = (await (await server.api('/api/banner', { token: user.token })).json()) as Banner;
    expect(seen.message).toBe('Members only');

    const all = (await (await send('GET', '/api/admin/banners')).json()) as { banners: Banner[] };
    expect(all.banners.map((b) => b.bannerId)).toContain(banner.bannerId);
    expect((await send('DELETE', `/api/admin/banners/${banner.bannerId}`)).status).toBe(204);
    expect((await send('DELETE', `/api/admin/banners/${banner.bannerId}`)).status).toBe(404);
  });

  it('refuses malformed banners and ids', async () => {
    expect((await send('POST', '/api/admin/banners', { message: '' })).status).toBe(400);
    expect((await send('POST', '/api/admin/banners', { message: 'x'.repeat(10_001) })).status).toBe(400);
    expect((await send('POST', '/api/admin/banners', { message: 'x', displayFrom: 'soon' })).status).toBe(
      400,
    );
    const backwards = {
      message: 'x',
      displayFrom: '2030-01-02T00:00:00Z',
      displayTo: '2030-01-01T00:00:00Z',
    };
    expect((await send('POST', '/api/admin/banners', backwards)).status).toBe(400);
    expect((await send('POST', '/api/admin/banners', { message: 'x', isPublic: 'yes' })).status).toBe(400);
    expect((await send('PUT', '/api/admin/banners/nope', { message: 'x' })).status).toBe(400);
    expect((await send('PUT', `/api/admin/banners/${randomUUID()}`, { message: 'x' })).status).toBe(404);
    expect((await send('DELETE', '/api/admin/banners/nope')).status).toBe(400);
  });

  it("lists every user's API keys without secrets and revokes any of them", async () => {
    const made = await server.api('/api/api-keys', {
      method: 'POST',
      token: user.token,
      json: { name: 'script' },
    });
    expect(made.status).toBe(201);
    const { id, key } = (await made.json()) as { id: string; key: string };
    const listed = (await (await send('GET', '/api/admin/api-keys')).json()) as {
      keys: { id: string; userEmail: string }[];
    };
    expect(listed.keys.find((k) => k.id === id)).toMatchObject({ userEmail: user.email });
    expect(JSON.stringify(listed)).not.toContain(key);
    expect((await send('DELETE', `/api/admin/api-keys/${id}`)).status).toBe(204);
    expect((await server.api('/v1/models', { token: key })).status).toBe(401);
    expect((await send('DELETE', `/api/admin/api-keys/${id}`)).status).toBe(404);
    expect((await send('DELETE', '/api/admin/api-keys/DROP%20TABLE')).status).toBe(400);
  });

  it("records an administrator's sign-in with its address, and pages the log by cursor", async () => {
    const email = `boss-${randomUUID()}@example.com`;
    const password = 'correct horse battery';
    const made = await send('POST', '/api/admin/users', { email, name: 'The Boss', password, role: 'ADMIN' });
    expect(made.status).toBe(201);
    const login = await server.api('/api/auth/login', { method: 'POST', json: { email, password } });
    expect(login.status).toBe(200);
    const first = (await (await send('GET', '/api/admin/audit')).json()) as AuditList;
    expect(first.entries[0]).toMatchObject({ action: 'admin.sign_in', actorEmail: email });
    expect(first.entries[0]!.ip).toMatch(/127\.0\.0\.1/);

    await server.ctx.db.insert(auditLog).values(
      Array.from({ length: 70 }, (_, i) => ({
        action: 'test.fill',
        details: { i },
        createdAt: new Date(2020, 0, 1),
      })),
    );
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditList = (await (
        await send('GET', `/api/admin/audit${cursor ? `?cursor=${cursor}` : ''}`)
      ).json()) as AuditList;
      ids.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(72);
    expect((await send('GET', '/api/admin/audit?cursor=garbage')).status).toBe(400);
    // Append-only through the API: no route writes or removes entries.
    expect((await send('DELETE', '/api/admin/audit')).status).toBe(404);
  });
});
