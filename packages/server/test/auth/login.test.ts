import { authAnswerSchema } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { refreshCookie, register, uniqueEmail } from './auth-client.ts';

const password = 'correct horse battery';

describe('POST /api/auth/login', () => {
  let server: TestServer;
  let email: string;
  beforeAll(async () => {
    server = await startTestServer();
    email = uniqueEmail();
    await register(server, { email, name: 'Login Tester' });
  });
  afterAll(() => server.stop());

  const loginWith = (json: unknown) => server.api('/api/auth/login', { method: 'POST', json });

  it('answers the user and an access token, and sets the refresh cookie', async () => {
    const res = await loginWith({ email: email.toUpperCase(), password });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: Record<string, unknown>; token: string };
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(authAnswerSchema.safeParse(body).success).toBe(true);
    expect(body.user).toMatchObject({ email, name: 'Login Tester', role: expect.any(String) });
    expect(Object.keys(body.user).sort()).toEqual(
      [
        'avatar',
        'createdAt',
        'email',
        'emailVerified',
        'id',
        'language',
        'name',
        'pendingEmail',
        'plugins',
        'provider',
        'role',
        'showAnswerFigures',
        'termsAccepted',
        'twoFactorEnabled',
        'updatedAt',
        'username',
      ].sort(),
    );
    const claims = await server.ctx.accessTokens.verify(body.token);
    expect(claims).toMatchObject({ sub: body.user.id, role: body.user.role, sid: expect.any(String) });

    const cookie = refreshCookie(res)!;
    expect(cookie.value.length).toBeGreaterThan(30);
    expect(cookie.attributes).toMatch(/HttpOnly/i);
    expect(cookie.attributes).toMatch(/SameSite=Strict/i);
    expect(cookie.attributes).toMatch(/Path=\//);
    expect(cookie.attributes).toMatch(/Max-Age=604800/);
    expect(cookie.attributes).not.toMatch(/Secure/i);
  });

  it('answers 401 with one message for a wrong password and an unknown account', async () => {
    for (const json of [
      { email, password: 'wrong password' },
      { email: 'nobody@example.com', password },
    ]) {
      const res = await loginWith(json);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: 'Email or password is incorrect.' });
      expect(refreshCookie(res)).toBeNull();
    }
  });

  it('answers 400 for a malformed body', async () => {
    expect((await loginWith({ email })).status).toBe(400);
    expect((await loginWith({ email: 42, password })).status).toBe(400);
  });

  it('answers 403 for a banned account until the ban ends', async () => {
    const banned = uniqueEmail('banned');
    await register(server, { email: banned });
    await server.ctx.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 60_000) })
      .where(eq(users.email, banned));
    const res = await loginWith({ email: banned, password });
    expect(res.status).toBe(403);
    expect(refreshCookie(res)).toBeNull();
    await server.ctx.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.email, banned));
    expect((await loginWith({ email: banned, password })).status).toBe(200);
  });
});

describe('login switched off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ALLOW_EMAIL_LOGIN: 'false' } });
  });
  afterAll(() => server.stop());

  it('answers 403', async () => {
    const email = uniqueEmail();
    await register(server, { email });
    const res = await server.api('/api/auth/login', { method: 'POST', json: { email, password } });
    expect(res.status).toBe(403);
  });
});

describe('login rate limit with the real defaults', () => {
  let server: TestServer;
  beforeAll(async () => {
    // LOGIN_MAX 7 per 5 minutes, as shipped.
    server = await startTestServer({ env: { LOGIN_MAX: '7', LOGIN_WINDOW: '5' } });
  });
  afterAll(() => server.stop());

  it('answers 429 {message, type: "logins"} after 7 attempts', async () => {
    const email = uniqueEmail();
    await register(server, { email });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await server.api('/api/auth/login', {
        method: 'POST',
        json: { email, password: 'wrong password' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(7).fill(401));
    // Even the right password is refused now.
    const res = await server.api('/api/auth/login', { method: 'POST', json: { email, password } });
    expect(res.status).toBe(429);
    const body = (await res.json()) as { retryAfter: number };
    expect(body).toMatchObject({
      type: 'logins',
      message: 'Too many login attempts, please try again after 5 minutes.',
    });
    // The header carries the same wait as the body, in seconds.
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(retryAfter).toBe(body.retryAfter);

    // Failures count per account and address: another account from this address, and this
    // account from another address, still sign in.
    const other = uniqueEmail();
    await register(server, { email: other });
    expect((await loginFrom('127.0.0.1', other, password)).status).toBe(200);
    expect((await loginFrom('198.51.100.41', email, password)).status).toBe(200);
  });

  it('successful sign-ins do not use up the allowance: ten in a row from one address all pass', async () => {
    const email = uniqueEmail();
    await register(server, { email });
    const ip = '198.51.100.42';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await loginFrom(ip, email, password)).status);
    expect(statuses).toEqual(Array(10).fill(200));
    // A right password after some typos gives back its own count only: six wrong, one right, one
    // wrong is seven failures; the eighth attempt is refused.
    for (let i = 0; i < 6; i++) expect((await loginFrom(ip, email, 'typo password')).status).toBe(401);
    expect((await loginFrom(ip, email, password)).status).toBe(200);
    expect((await loginFrom(ip, email, 'typo password')).status).toBe(401);
    expect((await loginFrom(ip, email, password)).status).toBe(429);
  });

  const loginFrom = (ip: string, email: string, pw: string) =>
    server.api('/api/auth/login', {
      method: 'POST',
      headers: { 'x-forwarded-for': ip },
      json: { email, password: pw },
    });
});

describe('login ceiling per address (LOGIN_IP_MAX)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX: '7', LOGIN_IP_MAX: '5' } });
  });
  afterAll(() => server.stop());

  it('counts every attempt from an address, right or wrong, whatever the account', async () => {
    const emails = [uniqueEmail(), uniqueEmail()];
    for (const email of emails) await register(server, { email });
    const attempt = (email: string, pw: string) =>
      server.api('/api/auth/login', {
        method: 'POST',
        headers: { 'x-forwarded-for': '198.51.100.43' },
        json: { email, password: pw },
      });
    const statuses = [
      (await attempt(emails[0]!, password)).status,
      (await attempt(emails[1]!, password)).status,
      (await attempt(uniqueEmail(), 'sprayed password')).status,
      (await attempt(uniqueEmail(), 'sprayed password')).status,
      (await attempt(emails[0]!, password)).status,
    ];
    expect(statuses).toEqual([200, 200, 401, 401, 200]);
    const refused = await attempt(emails[1]!, password);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      type: 'logins',
      message: 'Too many login attempts from this IP, please try again after 5 minutes.',
    });
  });
});
