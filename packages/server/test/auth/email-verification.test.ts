import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { login, register, uniqueEmail } from './auth-client.ts';
import { linkIn, startSmtpCapture, type SmtpCapture } from './smtp-capture.ts';

const password = 'correct horse battery';

describe('e-mail verification required for login', () => {
  let smtp: SmtpCapture;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer({
      env: { ...smtp.env, ALLOW_UNVERIFIED_EMAIL_LOGIN: 'false', DOMAIN_CLIENT: 'http://web.test' },
    });
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  const loginStatus = async (email: string) =>
    (await server.api('/api/auth/login', { method: 'POST', json: { email, password } })).status;

  it('mails a link on registration; login answers 422 until the link is used', async () => {
    const email = uniqueEmail('verify');
    const res = await register(server, { email });
    expect(await res.json()).toEqual({
      message: 'Registration successful. Please check your email to verify your email address.',
    });
    const mail = await smtp.next(email);
    expect(mail.text).toMatch(/Subject: Verify your email for Parley/);
    const link = linkIn(mail, 'http://web.test/verify');
    expect(link.searchParams.get('email')).toBe(email);

    expect(await loginStatus(email)).toBe(422);
    const wrong = await server.api('/api/user/verify', { method: 'POST', json: { email, token: 'wrong' } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid or expired email verification token' });

    const ok = await server.api('/api/user/verify', {
      method: 'POST',
      json: { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: 'Email verification was successful' });
    const session = await login(server, email);
    expect(session.user.emailVerified).toBe(true);
    // Proven by mail: an external sign-in vouching for this address may now link to the account.
    const [row] = await server.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailProof).toBe('mail');

    const twice = await server.api('/api/user/verify', {
      method: 'POST',
      json: { email, token: link.searchParams.get('token') },
    });
    expect(await twice.json()).toEqual({ message: 'Email already verified' });
  });

  it('resends a fresh link that replaces the old one, with a generic answer', async () => {
    const email = uniqueEmail('resend');
    await register(server, { email });
    const first = linkIn(await smtp.next(email), 'http://web.test/verify');
    const res = await server.api('/api/user/verify/resend', { method: 'POST', json: { email } });
    expect(res.status).toBe(200);
    const generic = await res.json();
    const unknown = await server.api('/api/user/verify/resend', {
      method: 'POST',
      json: { email: 'nobody@example.com' },
    });
    expect(await unknown.json()).toEqual(generic);

    const second = linkIn(await smtp.next(email), 'http://web.test/verify');
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    const stale = await server.api('/api/user/verify', {
      method: 'POST',
      json: { email, token: first.searchParams.get('token') },
    });
    expect(stale.status).toBe(400);
    const fresh = await server.api('/api/user/verify', {
      method: 'POST',
      json: { email, token: second.searchParams.get('token') },
    });
    expect(fresh.status).toBe(200);
    expect(await loginStatus(email)).toBe(200);
  });
});

describe('e-mail configured, unverified login allowed (the default)', () => {
  let smtp: SmtpCapture;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer({ env: smtp.env });
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  it('lets an unverified account sign in', async () => {
    const email = uniqueEmail();
    await register(server, { email });
    const session = await login(server, email);
    expect(session.user.emailVerified).toBe(false);
  });
});

describe('resend rate limit with the real defaults', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { VERIFY_EMAIL_MAX: '2', VERIFY_EMAIL_WINDOW: '2' } });
  });
  afterAll(() => server.stop());

  it('answers 429 {type: "verify_email_limit"} on the third request', async () => {
    const send = () =>
      server.api('/api/user/verify/resend', { method: 'POST', json: { email: 'x@example.com' } });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const res = await send();
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ type: 'verify_email_limit' });
  });
});
