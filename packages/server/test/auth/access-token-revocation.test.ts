import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { signUp } from './auth-client.ts';

/** An access token must not outlive the sign-in it came from. */
describe('access tokens end with their session', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const me = (token: string) => server.api('/api/user', { token });

  it('stops working at logout', async () => {
    const a = await signUp(server);
    expect((await me(a.token)).status).toBe(200);
    await server.api('/api/auth/logout', { method: 'POST', token: a.token });
    expect((await me(a.token)).status).toBe(401);
  });

  it('stops working when the user is banned or deleted, once the short cache lapses', async () => {
    const a = await signUp(server);
    expect((await me(a.token)).status).toBe(200);
    await server.ctx.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 60_000) })
      .where(eq(users.id, a.user.id));
    server.ctx.sessionCheck.forget(a.user.id); // what another instance sees after at most 5 s
    expect((await me(a.token)).status).toBe(401);

    const b = await signUp(server);
    expect((await server.api('/api/user/delete', { method: 'DELETE', token: b.token })).status).toBe(200);
    expect((await me(b.token)).status).toBe(401);
  });

  it('uses the stored role, not the one in the token', async () => {
    const a = await signUp(server);
    await server.ctx.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, a.user.id));
    server.ctx.sessionCheck.forget(a.user.id);
    expect((await server.api('/api/roles/ADMIN', { token: a.token })).status).toBe(200);
  });
});
