import { RESERVED_EMAIL_MESSAGE } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { login, register, uniqueEmail } from './auth-client.ts';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'analytical engine',
  confirm_password: 'analytical engine',
};

describe('POST /api/auth/register', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      yaml: 'registration:\n  allowedDomains:\n    - example.com\n    - Example.org\n',
    });
  });
  afterAll(() => server.stop());

  const post = (json: unknown) => server.api('/api/auth/register', { method: 'POST', json });

  it('makes the first account ADMIN and later ones USER', async () => {
    const res = await post({ ...valid, email: '  Ada@Example.COM ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Registration successful.' });
    const first = await login(server, 'ada@example.com', valid.password);
    expect(first.user).toMatchObject({ email: 'ada@example.com', role: 'ADMIN', emailVerified: true });

    const email = uniqueEmail();
    expect((await register(server, { email, username: 'bob' })).status).toBe(200);
    const second = await login(server, email);
    expect(second.user).toMatchObject({ role: 'USER', username: 'bob', provider: 'local' });
  });

  it('stores emails lower-cased and the password only as an argon2id hash', async () => {
    const [row] = await server.ctx.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(valid.password);
  });

  it('counts the address as verified without mail, but never as proven for linking a sign-in', async () => {
    const [row] = await server.ctx.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(row).toMatchObject({ emailVerified: true, emailProof: null });
  });

  it('refuses addresses at .invalid domains (wallet accounts are <address>@wallet.invalid) with a 400', async () => {
    for (const email of [
      '0x52908400098527886e0f7030069857d2e4169ee7@wallet.invalid',
      'a@B.INVALID',
      'x@invalid',
    ]) {
      const res = await post({ ...valid, email });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(RESERVED_EMAIL_MESSAGE);
    }
    const rows = await server.ctx.db.select().from(users).where(eq(users.email, 'a@b.invalid'));
    expect(rows).toEqual([]);
  });

  it('answers a taken email exactly like a new account and creates nothing', async () => {
    const before = await server.ctx.db.select().from(users);
    const res = await post({
      ...valid,
      name: 'Impostor',
      password: 'other password',
      confirm_password: 'other password',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Registration successful.' });
    const after = await server.ctx.db.select().from(users);
    expect(after).toHaveLength(before.length);
    // The original password still works and the name is unchanged.
    const again = await login(server, 'ada@example.com', valid.password);
    expect(again.user.name).toBe('Ada Lovelace');
  });

  it.each([
    [{ ...valid, name: 'Al' }, 'name', 'Name must be at least 3 characters'],
    [{ ...valid, name: 'x'.repeat(81) }, 'name', 'Name must be at most 80 characters'],
    [{ ...valid, username: 'a' }, 'username', 'Username must be at least 2 characters'],
    [{ ...valid, username: 'a'.repeat(81) }, 'username', 'Username must be at most 80 characters'],
    [{ ...valid, email: `${'a'.repeat(110)}@example.com` }, 'email', 'Email must be at most 120 characters'],
    [{ ...valid, email: 'not-an-email' }, 'email', 'Invalid email'],
    [
      { ...valid, password: 'short', confirm_password: 'short' },
      'password',
      'Password must be at least 8 characters',
    ],
    [
      { ...valid, password: 'p'.repeat(129), confirm_password: 'p'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    ],
    [{ ...valid, confirm_password: 'different!' }, 'confirm_password', 'passwords do not match'],
    [{ email: valid.email }, 'name', 'Name is required'],
  ])('rejects %j with 400', async (body, path, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { message: string; issues: { path: string; message: string }[] };
    expect(answer.issues).toContainEqual({ path, message });
  });

  it('refuses email domains outside registration.allowedDomains', async () => {
    const res = await post({ ...valid, email: 'eve@evil.test' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: 'Registration is not allowed for this email domain.' });
    expect((await post({ ...valid, email: 'carol@EXAMPLE.org' })).status).toBe(200);
  });
});

describe('concurrent first registrations', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('make exactly one ADMIN', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => register(server, { email: uniqueEmail('race') })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const rows = await server.ctx.db.select({ role: users.role }).from(users);
    expect(rows.map((r) => r.role).sort()).toEqual(['ADMIN', 'USER', 'USER', 'USER']);
  });
});

describe('registration switched off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ALLOW_REGISTRATION: 'false' } });
  });
  afterAll(() => server.stop());

  it('answers 403 "Registration is not allowed." whatever the body', async () => {
    for (const json of [valid, {}]) {
      const res = await server.api('/api/auth/register', { method: 'POST', json });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ message: 'Registration is not allowed.' });
    }
    expect(await server.ctx.db.select().from(users)).toHaveLength(0);
  });
});
