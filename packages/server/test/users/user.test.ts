import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, userTokens, users } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { cookieHeader, refreshCookie, signUp } from '../auth/auth-client.ts';

describe('/api/user', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('answers the caller’s User, and 401 without a token', async () => {
    const session = await signUp(server);
    const res = await server.api('/api/user', { token: session.token });
    expect(res.status).toBe(200);
    const user = (await res.json()) as Record<string, unknown>;
    expect(user).toEqual(session.user);
    expect(JSON.stringify(user)).not.toMatch(/hash|secret|totp|backup|banned/i);
    expect((await server.api('/api/user')).status).toBe(401);
    expect((await server.api('/api/user', { token: 'garbage' })).status).toBe(401);
  });

  it('records terms acceptance', async () => {
    const session = await signUp(server);
    const terms = () => server.api('/api/user/terms', { token: session.token }).then((r) => r.json());
    expect(await terms()).toEqual({ termsAccepted: false });
    const res = await server.api('/api/user/terms/accept', { method: 'POST', token: session.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: expect.any(String) });
    expect(await terms()).toEqual({ termsAccepted: true });
    expect((await server.api('/api/user/terms')).status).toBe(401);
  });

  it('deletes the caller and everything they own, and nobody else', async () => {
    const doomed = await signUp(server);
    const bystander = await signUp(server);
    await server.api('/api/auth/requestPasswordReset', {
      method: 'POST',
      json: { email: doomed.user.email },
    });

    const res = await server.api('/api/user/delete', {
      method: 'DELETE',
      token: doomed.token,
      headers: cookieHeader(doomed.refresh),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: expect.any(String) });
    expect(refreshCookie(res)?.value).toBe('');
    expect(refreshCookie(res)?.attributes).toMatch(/SameSite=Strict/i);

    const { db } = server.ctx;
    expect(await db.select().from(users).where(eq(users.id, doomed.user.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, doomed.user.id))).toHaveLength(0);
    expect(await db.select().from(userTokens).where(eq(userTokens.userId, doomed.user.id))).toHaveLength(0);
    expect((await server.api('/api/user', { token: doomed.token })).status).toBe(401);
    expect((await server.api('/api/user', { token: bystander.token })).status).toBe(200);
  });
});
