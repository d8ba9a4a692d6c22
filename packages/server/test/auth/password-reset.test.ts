import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTokens } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { cookieHeader, login, signUp, uniqueEmail } from './auth-client.ts';
import { linkIn, startSmtpCapture, type SmtpCapture } from './smtp-capture.ts';

const GENERIC = 'If an account with that email exists, a password reset link has been sent to it.';
const newPassword = 'a brand new password';

describe('password reset without e-mail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { DOMAIN_CLIENT: 'https://chat.example.com' } });
  });
  afterAll(() => server.stop());

  const requestReset = (email: string) =>
    server.api('/api/auth/requestPasswordReset', { method: 'POST', json: { email } });
  const reset = (json: unknown) => server.api('/api/auth/resetPassword', { method: 'POST', json });

  it('answers the generic message, with the link only for an existing account', async () => {
    const unknown = await requestReset('ghost@example.com');
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ message: GENERIC });

    const session = await signUp(server);
    const res = await requestReset(session.user.email.toUpperCase());
    const body = (await res.json()) as { message: string; link: string };
    expect(body.message).toBe(GENERIC);
    const link = new URL(body.link);
    expect(link.origin + link.pathname).toBe('https://chat.example.com/reset-password');
    expect(link.searchParams.get('userId')).toBe(session.user.id);
    const stored = await server.ctx.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.userId, session.user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(link.searchParams.get('token'));
  });

  it('resets once, signs out every session, and the old password stops working', async () => {
    const session = await signUp(server);
    const { link } = (await (await requestReset(session.user.email)).json()) as { link: string };
    const params = new URL(link).searchParams;
    const payload = {
      token: params.get('token'),
      userId: params.get('userId'),
      password: newPassword,
      confirm_password: newPassword,
    };
    const res = await reset(payload);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Password reset was successful' });

    const refresh = await server.api('/api/auth/refresh', {
      method: 'POST',
      headers: cookieHeader(session.refresh),
    });
    expect(refresh.status).toBe(403);
    await expect(login(server, session.user.email)).rejects.toThrow(/401/);
    await login(server, session.user.email, newPassword);

    const second = await reset({
      ...payload,
      password: 'yet another one',
      confirm_password: 'yet another one',
    });
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ message: 'Invalid or expired password reset token' });
  });

  it('refuses expired, foreign and malformed tokens', async () => {
    const a = await signUp(server, uniqueEmail('a'));
    const b = await signUp(server, uniqueEmail('b'));
    const { link } = (await (await requestReset(a.user.email)).json()) as { link: string };
    const token = new URL(link).searchParams.get('token');
    const body = { token, password: newPassword, confirm_password: newPassword };

    expect((await reset({ ...body, userId: b.user.id })).status).toBe(400);
    await server.ctx.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(userTokens.userId, a.user.id), eq(userTokens.kind, 'reset_password')));
    const expired = await reset({ ...body, userId: a.user.id });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ message: 'Invalid or expired password reset token' });

    const missing = await reset({ password: newPassword, confirm_password: newPassword });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      issues: expect.arrayContaining([
        { path: 'token', message: 'Unable to process: No valid reset token' },
        { path: 'userId', message: 'Unable to process: No valid user id' },
      ]),
    });
    const mismatch = await reset({ ...body, userId: a.user.id, confirm_password: 'nope nope' });
    expect(await mismatch.json()).toMatchObject({
      issues: [{ path: 'confirm_password', message: 'passwords do not match' }],
    });
  });

  it('validates the request form (3 to 120 characters, text@text.text)', async () => {
    for (const email of ['a@', 'no-at-sign.com', 'x@y']) {
      expect((await requestReset(email)).status).toBe(400);
    }
  });
});

describe('password reset by e-mail', () => {
  let smtp: SmtpCapture;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer({ env: { ...smtp.env, DOMAIN_CLIENT: 'http://web.test' } });
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  it('mails the link instead of answering it', async () => {
    const email = uniqueEmail('mailed');
    await server.api('/api/auth/register', {
      method: 'POST',
      json: {
        name: 'Mail User',
        email,
        password: 'correct horse battery',
        confirm_password: 'correct horse battery',
      },
    });
    await smtp.next(email); // the verification mail
    const res = await server.api('/api/auth/requestPasswordReset', { method: 'POST', json: { email } });
    expect(await res.json()).toEqual({ message: GENERIC });
    const mail = await smtp.next(email);
    const link = linkIn(mail, 'http://web.test/reset-password');
    const reset = await server.api('/api/auth/resetPassword', {
      method: 'POST',
      json: {
        token: link.searchParams.get('token'),
        userId: link.searchParams.get('userId'),
        password: newPassword,
        confirm_password: newPassword,
      },
    });
    expect(reset.status).toBe(200);
    const changed = await smtp.next(email);
    expect(changed.text).toContain('password of your Parley account was just reset');
  });
});
