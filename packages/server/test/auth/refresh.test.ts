import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/services/auth/tokens.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { cookieHeader, refreshCookie, signUp } from './auth-client.ts';

describe('refresh tokens', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const refresh = (token?: string, query = '') =>
    server.api(`/api/auth/refresh${query}`, { method: 'POST', headers: token ? cookieHeader(token) : {} });

  it('rotates: answers {token, user} and a new cookie in the same family', async () => {
    const session = await signUp(server);
    const res = await refresh(session.refresh, '?retry=true');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; user: { id: string } };
    expect(body.user.id).toBe(session.user.id);
    const next = refreshCookie(res)!.value;
    expect(next).not.toBe(session.refresh);
    const before = await server.ctx.accessTokens.verify(session.token);
    const after = await server.ctx.accessTokens.verify(body.token);
    expect(after?.sid).toBe(before?.sid);
    // Only hashes are stored.
    const rows = await server.ctx.db.select().from(sessions).where(eq(sessions.userId, session.user.id));
    expect(rows.map((r) => r.tokenHash).sort()).toEqual([hashToken(session.refresh), hashToken(next)].sort());
    expect(rows.some((r) => r.tokenHash === session.refresh || r.tokenHash === next)).toBe(false);
  });

  it('gives concurrent refreshes with one token the same successor, all signed in', async () => {
    const session = await signUp(server);
    const answers = await Promise.all([1, 2, 3].map(() => refresh(session.refresh)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const successors = new Set(answers.map((r) => refreshCookie(r)!.value));
    expect(successors.size).toBe(1);
    // The successor itself keeps working.
    const [successor] = [...successors];
    expect((await refresh(successor)).status).toBe(200);
  });

  it('answers a rotated token again inside the grace window with the same successor', async () => {
    const session = await signUp(server);
    const first = refreshCookie(await refresh(session.refresh))!.value;
    const again = await refresh(session.refresh);
    expect(again.status).toBe(200);
    expect(refreshCookie(again)!.value).toBe(first);
  });

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const session = await signUp(server);
    const successor = refreshCookie(await refresh(session.refresh))!.value;
    await server.ctx.db
      .update(sessions)
      .set({ rotatedAt: new Date(Date.now() - 31_000) })
      .where(eq(sessions.tokenHash, hashToken(session.refresh)));
    const reuse = await refresh(session.refresh);
    expect(reuse.status).toBe(403);
    expect(refreshCookie(reuse)?.value).toBe('');
    // The legitimate holder of the successor is signed out as well.
    expect((await refresh(successor)).status).toBe(403);
  });

  it('answers a visitor without a cookie 200 with a message and no token', async () => {
    for (const query of ['', '?retry=true']) {
      const res = await refresh(undefined, query);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toEqual({ message: 'Refresh token not provided' });
      expect(refreshCookie(res)).toBeNull();
    }
  });

  it('answers 403 and clears the cookie (same attributes) for unknown, expired and revoked tokens', async () => {
    for (const query of ['', '?retry=true']) {
      const res = await refresh('not-a-real-token', query);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe('Invalid refresh token');
      const cleared = refreshCookie(res)!;
      expect(cleared.value).toBe('');
      // Cleared with the attributes it was set with, or a browser may keep it.
      expect(cleared.attributes).toMatch(/SameSite=Strict/i);
      expect(cleared.attributes).toMatch(/HttpOnly/i);
      expect(cleared.attributes).toMatch(/Path=\//);
    }
    const session = await signUp(server);
    await server.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(session.refresh)));
    expect((await refresh(session.refresh)).status).toBe(403);
    expect((await refresh(session.refresh, '?retry=true')).status).toBe(403);
  });

  it('refuses banned and deleted accounts with 403', async () => {
    const banned = await signUp(server);
    await server.ctx.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 60_000) })
      .where(eq(users.id, banned.user.id));
    expect((await refresh(banned.refresh)).status).toBe(403);

    const deleted = await signUp(server);
    await server.ctx.db.delete(users).where(eq(users.id, deleted.user.id));
    expect((await refresh(deleted.refresh)).status).toBe(403);
  });
});

describe('POST /api/auth/logout', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('revokes the cookie’s session, clears the cookie and keeps other sessions', async () => {
    const a = await signUp(server);
    const other = await server.api('/api/auth/login', {
      method: 'POST',
      json: { email: a.user.email, password: 'correct horse battery' },
    });
    const otherRefresh = refreshCookie(other)!.value;

    const res = await server.api('/api/auth/logout', {
      method: 'POST',
      token: a.token,
      headers: cookieHeader(a.refresh),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Logout successful' });
    expect(refreshCookie(res)?.value).toBe('');
    expect(refreshCookie(res)?.attributes).toMatch(/SameSite=Strict/i);
    const again = await server.api('/api/auth/refresh', { method: 'POST', headers: cookieHeader(a.refresh) });
    expect(again.status).toBe(403);
    const stillIn = await server.api('/api/auth/refresh', {
      method: 'POST',
      headers: cookieHeader(otherRefresh),
    });
    expect(stillIn.status).toBe(200);
  });

  it('revokes the access token’s session without a cookie, and succeeds signed out', async () => {
    const a = await signUp(server);
    const res = await server.api('/api/auth/logout', { method: 'POST', token: a.token });
    expect(res.status).toBe(200);
    const after = await server.api('/api/auth/refresh', { method: 'POST', headers: cookieHeader(a.refresh) });
    expect(after.status).toBe(403);
    expect((await server.api('/api/auth/logout', { method: 'POST' })).status).toBe(200);
  });
});
