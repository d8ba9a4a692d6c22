import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAN_MESSAGE } from '../../src/services/rate-limit/violation-bans.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { createTestUser } from '../helpers/test-users.ts';

/** With LOGIN_MAX 2 and BAN_INTERVAL 3: the third refused attempt bans the address. */
const env = { LOGIN_MAX: '2', BAN_INTERVAL: '3', BAN_DURATION: '600000' };

describe('temporary bans for repeated violations', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env });
  });
  afterAll(() => server.stop());

  /** Clients told apart by the address their proxy (this loopback peer, trusted) reports. */
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const wrongLogin = (ip: string) =>
    server.api('/api/auth/login', {
      method: 'POST',
      headers: from(ip),
      json: { email: 'nobody@example.com', password: 'not the password' },
    });

  it('bans the address after BAN_INTERVAL refused attempts, on every API route but the start-up reads', async () => {
    const ip = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await wrongLogin(ip)).status);
    expect(statuses).toEqual([401, 401, 429, 429, 429]);

    const banned = await wrongLogin(ip);
    expect(banned.status).toBe(403);
    expect(await banned.json()).toMatchObject({ message: BAN_MESSAGE, type: 'ban' });

    const user = await createTestUser(server);
    const me = await server.api('/api/user', { token: user.token, headers: from(ip) });
    expect(me.status).toBe(403);
    expect((await server.api('/api/config', { headers: from(ip) })).status).toBe(200);

    // Another address, and the same user from it, are not banned (and failures count per
    // account and address, so the e-mail typed starts afresh there: 401).
    expect((await wrongLogin('198.51.100.8')).status).toBe(401);
    expect((await server.api('/api/user', { token: user.token, headers: from('198.51.100.8') })).status).toBe(
      200,
    );
  });

  it('bans a signed-in user whose violations reach the threshold, from any address', async () => {
    const user = await createTestUser(server);
    for (let i = 0; i < 3; i++) await server.ctx.bans.record('concurrent', [`user:${user.id}`]);
    const me = await server.api('/api/user', { token: user.token, headers: from('203.0.113.1') });
    expect(me.status).toBe(403);
    expect(await me.json()).toMatchObject({ message: BAN_MESSAGE, type: 'ban' });
    const other = await createTestUser(server);
    expect((await server.api('/api/user', { token: other.token, headers: from('203.0.113.1') })).status).toBe(
      200,
    );
  });

  it('a client cannot pick its address past the trusted proxy', async () => {
    const ip = '192.0.2.44';
    for (let i = 0; i < 6; i++) await wrongLogin(ip);
    expect((await wrongLogin(ip)).status).toBe(403);
    // A spoofed left-most entry does not help: the address is the first untrusted one from the right.
    const spoofed = await server.api('/api/auth/login', {
      method: 'POST',
      headers: { 'x-forwarded-for': `10.0.0.1, ${ip}` },
      json: { email: 'nobody@example.com', password: 'not the password' },
    });
    expect(spoofed.status).toBe(403);
  });
});
