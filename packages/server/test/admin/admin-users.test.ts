import { randomUUID } from 'node:crypto';
import type { AdminUser, AdminUserList, AuditList } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser, type TestUser } from '../helpers/test-users.ts';

/** The console's account routes: role checks, paging, actions, the last-administrator rule. */
describe('/api/admin/users', () => {
  let server: TestServer;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await createTestUser(server, { role: 'ADMIN', name: 'First Admin' });
    user = await createTestUser(server, { name: 'Plain User' });
  });
  afterAll(() => server.stop());

  const patch = (id: string, json: unknown, token = admin.token) =>
    server.api(`/api/admin/users/${id}`, { method: 'PATCH', json, token });
  const list = async (query: string): Promise<AdminUserList> => {
    const res = await server.api(`/api/admin/users?${query}`, { token: admin.token });
    expect(res.status).toBe(200);
    return (await res.json()) as AdminUserList;
  };

  it('answers 401 without a session and 403 to a USER on every admin route', async () => {
    const id = randomUUID();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users', { email: 'x@example.com', name: 'Xavier' }],
      ['PATCH', `/api/admin/users/${id}`, { action: 'unban' }],
      ['DELETE', `/api/admin/users/${id}`],
      ['POST', '/api/admin/invitations', { email: 'x@example.com' }],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/banners'],
      ['POST', '/api/admin/banners', { message: 'hi' }],
      ['PUT', `/api/admin/banners/${id}`, { message: 'hi' }],
      ['DELETE', `/api/admin/banners/${id}`],
      ['GET', '/api/admin/api-keys'],
      ['DELETE', '/api/admin/api-keys/0123456789abcdef'],
    ];
    for (const [method, path, json] of routes) {
      expect((await server.api(path, { method, json }))?.status, `${method} ${path}`).toBe(401);
      expect((await server.api(path, { method, json, token: user.token })).status, `${method} ${path}`).toBe(
        403,
      );
    }
  });

  it('pages through every account by cursor in each order, without repeats, and searches by prefix', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({
      name: `Paged ${String(i).padStart(3, '0')}`,
      email: `paged-${String(i).padStart(3, '0')}@example.com`,
      emailVerified: true,
      // Same creation instant for many: the id breaks the ties.
      createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 7))),
    }));
    await server.ctx.db.insert(users).values(rows);
    for (const sort of ['email:asc', 'createdAt:desc', 'name:desc', 'lastActiveAt:desc', 'createdAt:asc']) {
      const seen: AdminUser[] = [];
      let cursor: string | null = null;
      do {
        const page: AdminUserList = await list(
          `sort=${sort}&search=paged${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...page.users);
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, sort).toHaveLength(120);
      expect(new Set(seen.map((u) => u.id)).size).toBe(120);
    }
    const byEmail = await list('sort=email:asc&search=PAGED-01');
    expect(byEmail.users.map((u) => u.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `paged-01${i}@example.com`),
    );
    expect(byEmail.nextCursor).toBeNull();
    // LIKE's own characters match themselves only.
    expect((await list('search=paged_%25')).users).toHaveLength(0);
    const first = (await list('sort=email:asc&search=paged')).users[0]!;
    expect(first).toEqual({
      id: expect.any(String),
      email: 'paged-000@example.com',
      name: 'Paged 000',
      username: null,
      role: 'USER',
      provider: 'local',
      createdAt: '2026-01-01T00:00:00.000Z',
      lastActiveAt: null,
      banned: false,
      bannedUntil: null,
      banReason: null,
      twoFactorEnabled: false,
    });
  });

  it('pages through a broad search (more matches than a narrow one has) in order', async () => {
    const count = 2_100;
    await server.ctx.db.insert(users).values(
      Array.from({ length: count }, (_, i) => ({
        name: `Broad ${i}`,
        email: `broad-${String((i * 11) % count).padStart(4, '0')}@example.com`,
        emailVerified: true,
      })),
    );
    const emails: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AdminUserList = await list(
        `sort=email:desc&search=broad${cursor ? `&cursor=${cursor}` : ''}`,
      );
      emails.push(...page.users.map((u) => u.email));
      cursor = page.nextCursor;
    } while (cursor);
    expect(emails).toHaveLength(count);
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it('refuses a malformed query: bad sort, forged cursor, a cursor of another order', async () => {
    const get = (q: string) => server.api(`/api/admin/users?${q}`, { token: admin.token });
    expect((await get('sort=password:asc')).status).toBe(400);
    expect((await get('cursor=not-a-cursor')).status).toBe(400);
    expect((await get(`search=${'a'.repeat(600)}`)).status).toBe(400);
    const page = await list('sort=email:asc&search=paged');
    expect((await get(`sort=createdAt:desc&cursor=${page.nextCursor}`)).status).toBe(400);
  });

  it('creates an account (password generated once), which can sign in and is then last active', async () => {
    const email = `made-${randomUUID()}@example.com`;
    const res = await server.api('/api/admin/users', {
      method: 'POST',
      token: admin.token,
      json: { email, name: 'Made Here' },
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as { user: AdminUser; password: string };
    expect(made.user).toMatchObject({ email, role: 'USER', lastActiveAt: null });
    expect(made.password).toMatch(/.{12,}/);
    const login = await server.api('/api/auth/login', {
      method: 'POST',
      json: { email, password: made.password },
    });
    expect(login.status).toBe(200);
    expect((await list(`search=${email}`)).users[0]!.lastActiveAt).not.toBeNull();

    const again = await server.api('/api/admin/users', {
      method: 'POST',
      token: admin.token,
      json: { email, name: 'Made Twice' },
    });
    expect(again.status).toBe(409);
    const bad = await server.api('/api/admin/users', {
      method: 'POST',
      token: admin.token,
      json: { email: 'not an address', name: 'X', role: 'ROOT', extra: true },
    });
    expect(bad.status).toBe(400);
  });

  it('validates ids and actions: 400 for a malformed id or action, 404 for an unknown account', async () => {
    expect((await patch('not-a-uuid', { action: 'unban' })).status).toBe(400);
    expect((await patch(randomUUID(), { action: 'unban' })).status).toBe(404);
    expect((await patch(user.id, { action: 'explode' })).status).toBe(400);
    expect((await patch(user.id, { action: 'ban', minutes: -5 })).status).toBe(400);
    expect((await patch(user.id, { action: 'ban', reason: 'x'.repeat(501) })).status).toBe(400);
    expect((await patch(user.id, { action: 'setRole', role: 'OWNER' })).status).toBe(400);
    const del = (id: string) =>
      server.api(`/api/admin/users/${id}`, { method: 'DELETE', token: admin.token });
    expect((await del('12345')).status).toBe(400);
    expect((await del(randomUUID())).status).toBe(404);
  });

  it('bans with a reason for a while (the account is refused), then unbans', async () => {
    const target = await createTestUser(server);
    const res = await patch(target.id, { action: 'ban', reason: 'Spam', minutes: 60 });
    expect(res.status).toBe(200);
    const { user: banned } = (await res.json()) as { user: AdminUser };
    expect(banned).toMatchObject({ banned: true, banReason: 'Spam' });
    expect(Date.parse(banned.bannedUntil!) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect((await server.api('/api/user', { token: target.token })).status).toBe(401);
    const lifted = await patch(target.id, { action: 'unban' });
    expect(((await lifted.json()) as { user: AdminUser }).user).toMatchObject({
      banned: false,
      banReason: null,
    });
    expect((await server.api('/api/user', { token: target.token })).status).toBe(200);
  });

  it('never demotes, bans or deletes the last administrator', async () => {
    expect((await patch(admin.id, { action: 'setRole', role: 'USER' })).status).toBe(409);
    expect((await patch(admin.id, { action: 'ban' })).status).toBe(409);
    expect(
      (await server.api(`/api/admin/users/${admin.id}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(409);
    const second = await createTestUser(server);
    expect((await patch(second.id, { action: 'setRole', role: 'ADMIN' })).status).toBe(200);
    // A banned administrator does not count as the one who stays.
    expect((await patch(second.id, { action: 'ban' })).status).toBe(200);
    expect((await patch(admin.id, { action: 'setRole', role: 'USER' })).status).toBe(409);
    expect((await patch(second.id, { action: 'unban' })).status).toBe(200);
    // With two, one may go; the session check reads the role from the database at once.
    const demoted = await patch(second.id, { action: 'setRole', role: 'USER' });
    expect(((await demoted.json()) as { user: AdminUser }).user.role).toBe('USER');
    expect((await server.api('/api/admin/users', { token: second.token })).status).toBe(403);
  });

  it('deletes an account with its data, and the audit log keeps who did what', async () => {
    const target = await createTestUser(server);
    const res = await server.api(`/api/admin/users/${target.id}`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(204);
    expect(
      (await server.api(`/api/admin/users/${target.id}`, { method: 'DELETE', token: admin.token })).status,
    ).toBe(404);
    expect((await server.api('/api/user', { token: target.token })).status).toBe(401);

    const audit = (await (await server.api('/api/admin/audit', { token: admin.token })).json()) as AuditList;
    const deletion = audit.entries.find((e) => e.action === 'user.delete' && e.targetId === target.id);
    expect(deletion).toMatchObject({ actorId: admin.id, actorEmail: admin.email, targetLabel: target.email });
    expect(deletion!.ip).toMatch(/127\.0\.0\.1/);
    const actions = new Set(audit.entries.map((e) => e.action));
    for (const action of ['user.create', 'user.ban', 'user.unban', 'user.role'])
      expect(actions).toContain(action);
  });

  it('resets two-factor and sends a password reset (the link when mail is off)', async () => {
    const target = await createTestUser(server);
    await server.ctx.db
      .update(users)
      .set({ twoFactorEnabled: true, totpSecret: 'x' })
      .where(eq(users.id, target.id));
    const reset = await patch(target.id, { action: 'resetTwoFactor' });
    expect(((await reset.json()) as { user: AdminUser }).user.twoFactorEnabled).toBe(false);
    const mail = await patch(target.id, { action: 'sendPasswordReset' });
    expect(mail.status).toBe(200);
    expect(((await mail.json()) as { link: string }).link).toContain('/reset-password?token=');
  });

  it('invites an address (409 when it has an account)', async () => {
    const res = await server.api('/api/admin/invitations', {
      method: 'POST',
      token: admin.token,
      json: { email: `invited-${randomUUID()}@example.com`, days: 3 },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { link: string }).link).toContain('/register?token=');
    const taken = await server.api('/api/admin/invitations', {
      method: 'POST',
      token: admin.token,
      json: { email: user.email },
    });
    expect(taken.status).toBe(409);
  });
});
