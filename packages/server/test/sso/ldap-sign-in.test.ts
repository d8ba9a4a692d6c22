import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env.ts';
import { externalIdentities, users } from '../../src/db/schema/index.ts';
import { BAD_CREDENTIALS } from '../../src/services/auth/login-service.ts';
import { hashPassword } from '../../src/services/auth/password.ts';
import { REGISTRATION_NOT_ALLOWED } from '../../src/services/auth/register-service.ts';
import { ldapSettings } from '../../src/services/sso/ldap-directory.ts';
import { refreshCookie, register } from '../auth/auth-client.ts';
import { freePort } from '../helpers/free-port.ts';
import { PEOPLE, READER, startTestSlapd, type TestSlapd } from '../helpers/test-slapd.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { codeFor, enableTwoFactor, post } from '../two-factor/two-factor-client.ts';
import { listLinkConflictsCommand } from '../../src/cli/admin-commands.ts';
import { ACCOUNT_NOT_LINKED } from '../../src/services/sso/external-account-service.ts';
import { expectRefusedLink, sessionUser } from './sso-test-kit.ts';

const ADA = {
  uid: 'ada',
  cn: 'Ada Lovelace',
  sn: 'Lovelace',
  givenName: 'Ada',
  mail: 'ada@parley.test',
  password: 'analytical-engine',
};
const GRACE = {
  uid: 'grace',
  cn: 'Grace Hopper',
  sn: 'Hopper',
  mail: 'grace@parley.test',
  password: 'cobol-1959',
};
const ALAN = {
  uid: 'alan',
  cn: 'Alan Turing',
  sn: 'Turing',
  mail: 'alan@parley.test',
  password: 'enigma-bombe',
};
/** Directory people whose address a local password account held before their first sign-in. */
const SQUATTED = {
  uid: 'squatted',
  cn: 'Squatted Person',
  sn: 'Person',
  mail: 'squatted@parley.test',
  password: 'directory-only-1',
};
const MIGRATED = {
  uid: 'migrated',
  cn: 'Migrated Person',
  sn: 'Person',
  mail: 'migrated@parley.test',
  password: 'same-in-both-2',
};
const TWINS = [
  { uid: 'twin1', cn: 'Twin One', sn: 'One', mail: 'twins@parley.test', password: 'same-address-1' },
  { uid: 'twin2', cn: 'Twin Two', sn: 'Two', mail: 'twins@parley.test', password: 'same-address-2' },
];

/** Parley's login form against Debian's OpenLDAP server (slapd) started on loopback. */
// Several tests start a Parley of their own: slow on a busy machine.
describe('LDAP sign-in', { timeout: 120_000 }, () => {
  let slapd: TestSlapd;
  let server: TestServer;
  const env = (extra: Record<string, string> = {}) => ({
    LDAP_URL: slapd.url,
    LDAP_BIND_DN: READER.dn,
    LDAP_BIND_CREDENTIALS: READER.password,
    LDAP_USER_SEARCH_BASE: PEOPLE,
    ALLOW_SOCIAL_REGISTRATION: 'true',
    ...extra,
  });
  const login = (target: TestServer, email: string, password: string) =>
    target.api('/api/auth/login', { method: 'POST', json: { email, password } });
  /** A server with other settings for one test, stopped after it. */
  const withServer = async (extra: Record<string, string>, use: (s: TestServer) => Promise<void>) => {
    const other = await startTestServer({ env: env(extra) });
    try {
      await use(other);
    } finally {
      await other.stop();
    }
  };

  beforeAll(async () => {
    slapd = await startTestSlapd([ADA, GRACE, ALAN, SQUATTED, MIGRATED, ...TWINS]);
    server = await startTestServer({ env: env() });
  });
  afterAll(async () => {
    await server?.stop();
    await slapd?.stop();
  });

  it('/api/config reports LDAP, and whether the form asks for a username', async () => {
    const config = (await (await server.api('/api/config')).json()) as Record<string, unknown>;
    expect(config.ldap).toEqual({ enabled: true, username: false });
    await withServer(
      { LDAP_LOGIN_USES_USERNAME: 'true', LDAP_SEARCH_FILTER: 'uid={{username}}' },
      async (s) => {
        const other = (await (await s.api('/api/config')).json()) as Record<string, unknown>;
        expect(other.ldap).toEqual({ enabled: true, username: true });
      },
    );
  });

  it('a first sign-in creates the account; the next finds it; both hold a refresh-rotated session', async () => {
    const first = await login(server, 'ADA@parley.test', ADA.password);
    expect(first.status).toBe(200);
    const body = (await first.json()) as { token: string; user: Record<string, unknown> };
    expect(body.token).toBeTruthy();
    expect(body.user).toMatchObject({
      email: 'ada@parley.test',
      name: 'Ada Lovelace',
      username: 'ada',
      provider: 'ldap',
    });
    const cookie = refreshCookie(first)!;
    expect(cookie.attributes).toMatch(/HttpOnly/i);
    const session = await sessionUser(server, cookie.value);
    expect(session.user.id).toBe(body.user.id);

    const again = await login(server, 'ada@parley.test', ADA.password);
    expect(((await again.json()) as { user: { id: string } }).user.id).toBe(body.user.id);
    const links = await server.ctx.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.userId, body.user.id as string));
    // Matched by the entry's entryUUID, which survives a rename, not by its DN or address.
    expect(links).toEqual([
      expect.objectContaining({ provider: 'ldap', subject: expect.stringMatching(/^[0-9a-f-]{36}$/) }),
    ]);
  });

  it('a wrong password and an unknown name get the same answer as a wrong local password', async () => {
    const wrong = await login(server, ADA.mail, 'not-the-password');
    const unknown = await login(server, 'nobody@parley.test', 'whatever-it-is');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'unauthorized', message: BAD_CREDENTIALS });
      expect(refreshCookie(res)).toBeNull();
    }
    // Another person's password does not open this entry.
    expect((await login(server, ADA.mail, GRACE.password)).status).toBe(401);
  });

  it('an empty password never becomes an unauthenticated bind', async () => {
    expect((await login(server, ADA.mail, '')).status).toBe(400);
  });

  it('what the person types cannot widen the search (RFC 4515 escaping)', async () => {
    await withServer({ LDAP_SEARCH_FILTER: 'uid={{username}}' }, async (s) => {
      expect((await login(s, 'ada', ADA.password)).status).toBe(200);
      // Unescaped, `ad*` would find Ada's entry and her password would sign in.
      for (const typed of ['ad*', '*', 'x)(uid=ada', 'ada)(|(uid=*', 'ada\\']) {
        const res = await login(s, typed, ADA.password);
        expect(res.status, typed).toBe(401);
      }
    });
  });

  it('a name that matches several entries signs in none of them', async () => {
    const res = await login(server, 'twins@parley.test', TWINS[0]!.password);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'unauthorized', message: BAD_CREDENTIALS });
  });

  it('with LDAP_LOGIN_USES_USERNAME the form name is the uid, and LDAP_* attributes map the profile', async () => {
    await withServer(
      {
        LDAP_LOGIN_USES_USERNAME: 'true',
        LDAP_SEARCH_FILTER: '(&(objectClass=inetOrgPerson)(uid={{username}}))',
        LDAP_ID: 'uid',
        LDAP_USERNAME: 'mail',
        LDAP_FULL_NAME: 'sn,cn',
      },
      async (s) => {
        const res = await login(s, 'grace', GRACE.password);
        expect(res.status).toBe(200);
        const { user } = (await res.json()) as { user: Record<string, unknown> };
        expect(user).toMatchObject({ email: GRACE.mail, username: GRACE.mail, name: 'Hopper Grace Hopper' });
        const [link] = await s.ctx.db
          .select()
          .from(externalIdentities)
          .where(eq(externalIdentities.userId, user.id as string));
        expect(link).toMatchObject({ provider: 'ldap', subject: 'grace' });
      },
    );
  });

  it('an account with two-factor on gets the second step, not a session', async () => {
    const first = await login(server, ALAN.mail, ALAN.password);
    const { token, user } = (await first.json()) as { token: string; user: { id: string } };
    const { secret } = await enableTwoFactor(server, token);

    const pending = await login(server, ALAN.mail, ALAN.password);
    expect(pending.status).toBe(200);
    const body = (await pending.json()) as { twoFAPending?: boolean; tempToken?: string; token?: string };
    expect(body).toMatchObject({ twoFAPending: true });
    expect(body.token).toBeUndefined();
    expect(refreshCookie(pending)).toBeNull();
    const done = await post(server, '/api/auth/2fa/verify-temp', undefined, {
      tempToken: body.tempToken,
      token: await codeFor(secret, 1),
    });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { user: { id: string } }).user.id).toBe(user.id);
  });

  it('the login rate limit applies', async () => {
    await withServer({ LOGIN_MAX: '2', LOGIN_WINDOW: '5' }, async (s) => {
      expect((await login(s, ADA.mail, 'wrong-1')).status).toBe(401);
      expect((await login(s, ADA.mail, 'wrong-2')).status).toBe(401);
      const limited = await login(s, ADA.mail, ADA.password);
      expect(limited.status).toBe(429);
      expect(await limited.json()).toMatchObject({ type: 'logins' });
    });
  });

  it('with LDAP on, local passwords no longer sign in, and nobody registers one', async () => {
    // A password account from before LDAP was turned on.
    const email = 'local-only@parley.test';
    await server.ctx.db.insert(users).values({
      name: 'Local Only',
      email,
      emailVerified: true,
      passwordHash: await hashPassword('correct horse battery'),
    });
    const res = await login(server, email, 'correct horse battery');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'unauthorized', message: BAD_CREDENTIALS });

    const registered = await register(server, { email: 'newcomer@parley.test' });
    expect(registered.status).toBe(403);
    expect(await registered.json()).toMatchObject({ message: REGISTRATION_NOT_ALLOWED });
    const config = (await (await server.api('/api/config')).json()) as Record<string, unknown>;
    expect(config.registrationEnabled).toBe(false);
  });

  it('links a local account holding the address only when its password is the one typed', async () => {
    const local = async (mail: string, password: string) => {
      const passwordHash = await hashPassword(password);
      const [row] = await server.ctx.db
        .insert(users)
        .values({ name: 'Local', email: mail, emailVerified: true, passwordHash })
        .returning();
      return row!;
    };
    // Someone registered the address first (without mail, so it proves nothing) with a password
    // of their own: the directory's person is not let into it, and no second account is made.
    await local(SQUATTED.mail, 'the squatters password');
    const refused = await login(server, SQUATTED.mail, SQUATTED.password);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'account_not_linked', message: ACCOUNT_NOT_LINKED });
    const conflict = (await listLinkConflictsCommand(server.ctx.db)).find((c) => c.email === SQUATTED.mail);
    await expectRefusedLink(server, SQUATTED.mail, 'ldap', conflict!.subject);

    // The same password in the directory and in the account proves they are one person's.
    const migrated = await local(MIGRATED.mail, MIGRATED.password);
    const linked = await login(server, MIGRATED.mail, MIGRATED.password);
    expect(linked.status).toBe(200);
    expect(((await linked.json()) as { user: { id: string } }).user.id).toBe(migrated.id);
    const [link] = await server.ctx.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.userId, migrated.id));
    expect(link).toMatchObject({ provider: 'ldap', linkedBy: 'password' });
  });

  it('without ALLOW_SOCIAL_REGISTRATION a directory person with no account is refused with the reason', async () => {
    await withServer({ ALLOW_SOCIAL_REGISTRATION: 'false' }, async (s) => {
      const res = await login(s, GRACE.mail, GRACE.password);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'registration_disabled' });
    });
  });

  it('StartTLS: trusted with LDAP_CA_CERT_PATH, refused without it unless told not to check', async () => {
    await withServer({ LDAP_STARTTLS: 'true', LDAP_CA_CERT_PATH: slapd.caCertPath }, async (s) => {
      expect((await login(s, ADA.mail, ADA.password)).status).toBe(200);
    });
    await withServer({ LDAP_STARTTLS: 'true' }, async (s) => {
      const res = await login(s, ADA.mail, ADA.password);
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ message: 'The directory could not be reached.' });
    });
    await withServer({ LDAP_STARTTLS: 'true', LDAP_TLS_REJECT_UNAUTHORIZED: 'false' }, async (s) => {
      expect((await login(s, ADA.mail, ADA.password)).status).toBe(200);
    });
  });

  it('a directory that cannot be reached, or refuses the service account, is a 502 with a message', async () => {
    const closed = await freePort();
    await withServer({ LDAP_URL: `ldap://127.0.0.1:${closed}` }, async (s) => {
      const res = await login(s, ADA.mail, ADA.password);
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ message: 'The directory could not be reached.' });
    });
    await withServer({ LDAP_BIND_CREDENTIALS: 'wrong' }, async (s) => {
      expect((await login(s, ADA.mail, ADA.password)).status).toBe(502);
    });
  });

  it('configuration: passwords go in clear only to loopback; the filter must name {{username}}', () => {
    const base = { DATA_DIR: '/tmp/parley-ldap-config', LDAP_USER_SEARCH_BASE: PEOPLE };
    expect(() => ldapSettings(parseEnv({ ...base, LDAP_URL: 'ldap://directory.example.com' }))).toThrow(
      /LDAP_STARTTLS/,
    );
    expect(
      ldapSettings(parseEnv({ ...base, LDAP_URL: 'ldap://directory.example.com', LDAP_STARTTLS: 'true' })),
    ).not.toBeNull();
    expect(ldapSettings(parseEnv({ ...base, LDAP_URL: 'ldaps://directory.example.com' }))).not.toBeNull();
    expect(() => parseEnv({ ...base, LDAP_URL: 'http://directory.example.com' })).toThrow(/LDAP_URL/);
    expect(() => parseEnv({ ...base, LDAP_URL: slapd.url, LDAP_SEARCH_FILTER: 'uid=admin' })).toThrow(
      /LDAP_SEARCH_FILTER/,
    );
    expect(ldapSettings(parseEnv({ DATA_DIR: '/tmp/x', LDAP_URL: slapd.url }))).toBeNull();
  });
});
