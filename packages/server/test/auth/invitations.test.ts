import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteCommand } from '../../src/cli/admin-commands.ts';
import { invitations, users } from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/services/auth/tokens.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { login } from './auth-client.ts';

const password = 'correct horse battery';
const body = (email: string, token?: string) => ({
  name: 'Invited Person',
  email,
  password,
  confirm_password: password,
  ...(token === undefined ? {} : { token }),
});

/** The token of an invitation link printed by the admin command. */
const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token')!;

describe('registration by invitation while registration is closed', () => {
  let server: TestServer;
  const invite = async (email: string, days?: number) =>
    tokenOf((await inviteCommand(server.ctx.db, { email, days, clientUrl: 'http://chat.test/' })).link);
  const register = (json: unknown) => server.api('/api/auth/register', { method: 'POST', json });
  const userCount = async () => (await server.ctx.db.select().from(users)).length;

  beforeAll(async () => {
    server = await startTestServer({
      env: { ALLOW_REGISTRATION: 'false' },
      // An invitation names the address, so the domain list does not stop it.
      yaml: 'registration:\n  allowedDomains:\n    - example.com\n',
    });
  });
  afterAll(() => server.stop());

  it('prints a link on the client address with a token stored only as a hash', async () => {
    const { link, expiresAt } = await inviteCommand(server.ctx.db, {
      email: ' Link@Example.org ',
      clientUrl: 'http://chat.test/',
    });
    expect(link).toMatch(/^http:\/\/chat\.test\/register\?token=[\w-]{43}$/);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const [row] = await server.ctx.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'link@example.org'));
    expect(row?.tokenHash).toBe(hashToken(tokenOf(link)));
  });

  it('registers the invited address once, then the token is spent', async () => {
    const token = await invite('guest@example.org');
    const res = await register(body('Guest@Example.org', token));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Registration successful.' });
    expect((await login(server, 'guest@example.org', password)).user.email).toBe('guest@example.org');
    // The administrator named the address: external sign-ins vouching for it may link.
    const [guest] = await server.ctx.db.select().from(users).where(eq(users.email, 'guest@example.org'));
    expect(guest?.emailProof).toBe('admin');

    const before = await userCount();
    const again = await register(body('guest2@example.org', token));
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ message: 'This invitation is invalid or has expired.' });
    const reused = await register(body('guest@example.org', token));
    expect(reused.status).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it('refuses a wrong token, another address, an expired token and no token', async () => {
    // The last character changed; replacing it with a fixed letter left one token in 64 unchanged.
    const oneCharOff = (t: string) => `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`;
    const token = await invite('owner@example.org');
    const before = await userCount();
    const cases: [unknown, string][] = [
      [body('owner@example.org', oneCharOff(token)), 'This invitation is invalid or has expired.'],
      [body('owner@example.org', 'x'.repeat(43)), 'This invitation is invalid or has expired.'],
      [body('thief@example.org', token), 'This invitation is invalid or has expired.'],
      [body('owner@example.org'), 'Registration is not allowed.'],
      [body('owner@example.org', ''), 'Registration is not allowed.'],
      [{ ...body('owner@example.org'), token: 42 }, 'Registration is not allowed.'],
    ];
    for (const [json, message] of cases) {
      const res = await register(json);
      expect(res.status, JSON.stringify(json)).toBe(403);
      expect(await res.json()).toMatchObject({ message });
    }
    // The attempts with another address did not use the invitation up.
    expect((await register(body('owner@example.org', token))).status).toBe(200);

    const stale = await invite('late@example.org');
    await server.ctx.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, 'late@example.org'));
    const expired = await register(body('late@example.org', stale));
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ message: 'This invitation is invalid or has expired.' });
    expect(await userCount()).toBe(before + 1);
  });

  it('validates the body of an invited registration like any other (400, no account)', async () => {
    const token = await invite('short@example.org');
    const res = await register({ ...body('short@example.org', token), confirm_password: 'different!' });
    expect(res.status).toBe(400);
    const huge = await register(body('short@example.org', 'x'.repeat(600)));
    expect(huge.status).toBe(400);
    // Still valid after the rejected attempts.
    expect((await register(body('short@example.org', token))).status).toBe(200);
  });

  it('lets only the newest invitation of an address work', async () => {
    const first = await invite('twice@example.org');
    const second = await invite('twice@example.org');
    expect((await register(body('twice@example.org', first))).status).toBe(403);
    expect((await register(body('twice@example.org', second))).status).toBe(200);
  });

  it('lets only one of two concurrent registrations with one token through', async () => {
    const token = await invite('race@example.org');
    const answers = await Promise.all([
      register(body('race@example.org', token)),
      register({ ...body('race@example.org', token), name: 'Second Racer' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    const rows = await server.ctx.db.select().from(users).where(eq(users.email, 'race@example.org'));
    expect(rows).toHaveLength(1);
  });
});

describe('registration by invitation while registration is open', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('still refuses a bad token rather than ignoring it', async () => {
    const res = await server.api('/api/auth/register', {
      method: 'POST',
      json: body('open@example.org', 'not-a-token'),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: 'This invitation is invalid or has expired.' });
  });
});
