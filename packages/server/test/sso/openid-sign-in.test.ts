import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalIdentities, users } from '../../src/db/schema/index.ts';
import { ATTEMPT_COOKIE, openAttempt, sealAttempt } from '../../src/services/sso/attempt-cookie.ts';
import {
  createUserCommand,
  linkIdentityCommand,
  listLinkConflictsCommand,
} from '../../src/cli/admin-commands.ts';
import { markEmailVerified } from '../../src/services/users/user-service.ts';
import { login, register, signUp, uniqueEmail } from '../auth/auth-client.ts';
import { BrowserSession } from '../helpers/browser-session.ts';
import { codeFor, enableTwoFactor, post } from '../two-factor/two-factor-client.ts';
import { freePort } from '../helpers/free-port.ts';
import { startTestOidcProvider, type TestOidcProvider } from '../helpers/test-oidc-provider.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { expectRefusedLink, failureReason, linkReason, sessionUser, walkSignIn } from './sso-test-kit.ts';

/** Parley against a real OpenID provider (node-oidc-provider) on loopback. */
describe('OpenID Connect sign-in', () => {
  let idp: TestOidcProvider;
  let server: TestServer;
  let port: number;
  const env = (extra: Record<string, string> = {}) => ({
    PORT: String(port),
    DOMAIN_SERVER: `http://127.0.0.1:${port}`,
    OPENID_ISSUER: idp.issuer,
    OPENID_CLIENT_ID: idp.clientId,
    OPENID_CLIENT_SECRET: idp.clientSecret,
    OPENID_BUTTON_LABEL: 'Company SSO',
    OPENID_IMAGE_URL: 'https://example.com/sso.png',
    ALLOW_SOCIAL_REGISTRATION: 'true',
    ...extra,
  });

  beforeAll(async () => {
    port = await freePort();
    idp = await startTestOidcProvider({
      redirectUris: [`http://127.0.0.1:${port}/oauth/openid/callback`],
      postLogoutRedirectUris: [`http://127.0.0.1:${port}/login?redirect=false`],
    });
    server = await startTestServer({ env: env() });
  });
  afterAll(async () => {
    await server.stop();
    await idp.stop();
  });

  it('/api/config reports the button with its label and image once discovery worked', async () => {
    const config = (await (await server.api('/api/config')).json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      openidLoginEnabled: true,
      openidLabel: 'Company SSO',
      openidImageUrl: 'https://example.com/sso.png',
      openidAutoRedirect: false,
      socialLoginEnabled: false,
      googleLoginEnabled: false,
      socialLogins: ['openid'],
    });
  });

  it('sends the browser to the provider with PKCE, state and nonce bound to an httpOnly cookie', async () => {
    const browser = new BrowserSession();
    const res = await browser.request(`${server.url}/oauth/openid?redirect_uri=https://evil.example/x`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe(idp.issuer);
    const q = location.searchParams;
    expect(q.get('redirect_uri')).toBe(`http://127.0.0.1:${port}/oauth/openid/callback`);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid profile email');
    const cookieLine = res.headers.getSetCookie().find((c) => c.startsWith(`${ATTEMPT_COOKIE}=`))!;
    expect(cookieLine).toMatch(/HttpOnly/i);
    expect(cookieLine).toMatch(/SameSite=Lax/i);
    const attempt = await openAttempt(
      server.ctx.config.secrets.ssoSecret,
      browser.cookie(server.url, ATTEMPT_COOKIE),
    );
    expect(attempt).toMatchObject({ provider: 'openid', state: q.get('state'), nonce: q.get('nonce') });
  });

  it('a first sign-in creates the account and lands on /c/new with a working refresh cookie', async () => {
    const email = uniqueEmail('oidc');
    idp.account({
      sub: 'alice-1',
      email,
      email_verified: true,
      name: 'Alice Idp',
      preferred_username: 'alice',
    });
    idp.autoLogin = 'alice-1';
    const outcome = await walkSignIn(server, 'openid');
    expect(outcome.url).toBe(`http://127.0.0.1:${port}/c/new`);
    expect(outcome.refresh).toBeTruthy();
    const session = await sessionUser(server, outcome.refresh!);
    expect(session.user).toMatchObject({ email, name: 'Alice Idp', provider: 'openid' });

    // The second sign-in finds the same account through the provider's subject.
    const again = await walkSignIn(server, 'openid');
    expect((await sessionUser(server, again.refresh!)).user.id).toBe(session.user.id);
    const links = await server.ctx.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.userId, session.user.id));
    expect(links).toEqual([expect.objectContaining({ provider: 'openid', subject: 'alice-1' })]);
  });

  it('an account with two-factor on gets no session from the provider alone: it goes to the second step', async () => {
    // A password account with two-factor on, later reached through the provider (verified address).
    const email = uniqueEmail('tfa');
    const local = await signUp(server, email);
    await markEmailVerified(server.ctx.db, local.user.id); // proven, so the sign-in may link
    const { secret } = await enableTwoFactor(server, local.token);

    idp.account({ sub: 'tfa-1', email, email_verified: true, name: 'Two Factor' });
    idp.autoLogin = 'tfa-1';
    const pending = await walkSignIn(server, 'openid');
    expect(pending.refresh).toBeUndefined();
    const landed = new URL(pending.url);
    expect(landed.origin + landed.pathname).toBe(`http://127.0.0.1:${port}/login/2fa`);
    const tempToken = landed.searchParams.get('tempToken');
    expect(tempToken).toBeTruthy();

    // The tempToken is no access token; with a code it completes the sign-in as the same account.
    expect((await server.api('/api/user', { token: tempToken! })).status).toBe(401);
    const done = await post(server, '/api/auth/2fa/verify-temp', undefined, {
      tempToken,
      token: await codeFor(secret, 1),
    });
    expect(done.status).toBe(200);
    expect(((await done.json()) as { user: { id: string } }).user.id).toBe(local.user.id);
  });

  it('links an existing password account only when the provider verified the address and the account proved it', async () => {
    const email = uniqueEmail('link');
    expect((await register(server, { email, name: 'Local Person' })).status).toBe(200);
    const local = await login(server, email);

    idp.account({ sub: 'mallory-1', email, email_verified: false, name: 'Not Verified' });
    idp.autoLogin = 'mallory-1';
    const refused = await walkSignIn(server, 'openid');
    expect(failureReason(server, refused.url)).toBe('email_not_verified');
    expect(refused.refresh).toBeUndefined();

    // Registered without mail: the address was never proven the registrant's, so a verified
    // answer for it does not enter that account (it might be someone else's pre-registration).
    idp.account({ sub: 'local-1', email: email.toUpperCase(), email_verified: true });
    idp.autoLogin = 'local-1';
    const unproven = await walkSignIn(server, 'openid');
    expect(failureReason(server, unproven.url)).toBe('account_not_linked');
    expect(unproven.refresh).toBeUndefined();
    await expectRefusedLink(server, email, 'openid', 'local-1');

    // Once the verification mail is followed the address is proven, and the sign-in links.
    await markEmailVerified(server.ctx.db, local.user.id);
    const linked = await walkSignIn(server, 'openid');
    const session = await sessionUser(server, linked.refresh!);
    expect(session.user).toMatchObject({ id: local.user.id, email, name: 'Local Person', provider: 'local' });
    expect(await linkReason(server, 'openid', 'local-1')).toEqual({
      userId: local.user.id,
      linkedBy: 'address',
    });
    expect(await listLinkConflictsCommand(server.ctx.db)).not.toContainEqual(
      expect.objectContaining({ subject: 'local-1' }),
    );
    expect(await linkReason(server, 'openid', 'mallory-1')).toBeUndefined();
  });

  it('a pre-registered account is not entered; an administrator links the sign-in on request', async () => {
    // Someone registers the owner's address first, with a password of their own.
    const email = uniqueEmail('victim');
    const squatter = await signUp(server, email);
    idp.account({ sub: 'owner-1', email, email_verified: true, name: 'Rightful Owner' });
    idp.autoLogin = 'owner-1';
    const refused = await walkSignIn(server, 'openid');
    expect(failureReason(server, refused.url)).toBe('account_not_linked');
    const conflictId = await expectRefusedLink(server, email, 'openid', 'owner-1');
    // A second try is the same conflict, seen again.
    await walkSignIn(server, 'openid');
    expect(
      (await listLinkConflictsCommand(server.ctx.db)).filter((c) => c.subject === 'owner-1'),
    ).toHaveLength(1);

    // The administrator, having checked who is who, links it.
    expect(await linkIdentityCommand(server.ctx.db, conflictId)).toBe(email);
    const linked = await walkSignIn(server, 'openid');
    expect((await sessionUser(server, linked.refresh!)).user.id).toBe(squatter.user.id);
    expect(await linkReason(server, 'openid', 'owner-1')).toMatchObject({ linkedBy: 'admin' });
    await expect(linkIdentityCommand(server.ctx.db, conflictId)).rejects.toThrow(/No link conflict/);
  });

  it('an account an administrator created links at the first verified sign-in', async () => {
    const email = uniqueEmail('admin-made');
    const { user } = await createUserCommand(server.ctx.db, { email, name: 'Made By Admin' });
    idp.account({ sub: 'admin-made-1', email, email_verified: true });
    idp.autoLogin = 'admin-made-1';
    const linked = await walkSignIn(server, 'openid');
    expect((await sessionUser(server, linked.refresh!)).user.id).toBe(user.id);
    expect(await linkReason(server, 'openid', 'admin-made-1')).toMatchObject({ linkedBy: 'address' });
  });

  it('refuses an answer without the attempt cookie, with a forged cookie or a different state', async () => {
    idp.account({ sub: 'bob-1', email: uniqueEmail('bob'), email_verified: true });
    idp.autoLogin = 'bob-1';
    const cases: [string, (b: BrowserSession) => Promise<void>][] = [
      ['no cookie', async (b) => b.dropCookie(server.url, ATTEMPT_COOKIE)],
      [
        'cookie signed with another key',
        async (b) => {
          const real = await openAttempt(
            server.ctx.config.secrets.ssoSecret,
            b.cookie(server.url, ATTEMPT_COOKIE),
          );
          b.setCookie(server.url, ATTEMPT_COOKIE, await sealAttempt('not-the-secret', real!));
        },
      ],
      [
        "another attempt's cookie",
        async (b) => {
          const other = new BrowserSession();
          await other.request(`${server.url}/oauth/openid`);
          b.setCookie(server.url, ATTEMPT_COOKIE, other.cookie(server.url, ATTEMPT_COOKIE)!);
        },
      ],
    ];
    for (const [, tamper] of cases) {
      const browser = new BrowserSession();
      const { url } = await browser.follow(`${server.url}/oauth/openid`, [
        `${server.url}/oauth/openid/callback`,
      ]);
      await tamper(browser);
      const res = await browser.request(url);
      expect(failureReason(server, res.headers.get('location')!)).toBe('invalid_state');
      expect(browser.cookie(server.url, 'refreshToken')).toBeUndefined();
    }
  });

  it('refuses a replayed callback, a wrong nonce, and reports missing code, state and provider errors', async () => {
    idp.account({ sub: 'carol-1', email: uniqueEmail('carol'), email_verified: true });
    idp.autoLogin = 'carol-1';

    // Replay: the same answer and the same cookie a second time.
    const browser = new BrowserSession();
    const { url: callback } = await browser.follow(`${server.url}/oauth/openid`, [
      `${server.url}/oauth/openid/callback`,
    ]);
    const cookie = browser.cookie(server.url, ATTEMPT_COOKIE)!;
    const first = await browser.request(callback);
    expect(first.headers.get('location')).toBe(`http://127.0.0.1:${port}/c/new`);
    browser.setCookie(server.url, ATTEMPT_COOKIE, cookie);
    const replay = await browser.request(callback);
    expect(failureReason(server, replay.headers.get('location')!)).toBe('invalid_state');

    // Wrong nonce: a validly signed cookie whose nonce is not the one in the ID token.
    const b2 = new BrowserSession();
    const { url: cb2 } = await b2.follow(`${server.url}/oauth/openid`, [
      `${server.url}/oauth/openid/callback`,
    ]);
    const secret = server.ctx.config.secrets.ssoSecret;
    const attempt = (await openAttempt(secret, b2.cookie(server.url, ATTEMPT_COOKIE)))!;
    b2.setCookie(
      server.url,
      ATTEMPT_COOKIE,
      await sealAttempt(secret, { ...attempt, nonce: 'another-nonce' }),
    );
    expect(failureReason(server, (await b2.request(cb2)).headers.get('location')!)).toBe('callback_failed');

    // A wrong PKCE verifier: the provider refuses the code exchange.
    const b3 = new BrowserSession();
    const { url: cb3 } = await b3.follow(`${server.url}/oauth/openid`, [
      `${server.url}/oauth/openid/callback`,
    ]);
    const a3 = (await openAttempt(secret, b3.cookie(server.url, ATTEMPT_COOKIE)))!;
    b3.setCookie(server.url, ATTEMPT_COOKIE, await sealAttempt(secret, { ...a3, verifier: 'x'.repeat(43) }));
    expect(failureReason(server, (await b3.request(cb3)).headers.get('location')!)).toBe('callback_failed');

    const cb = `${server.url}/oauth/openid/callback`;
    const reason = async (query: string) =>
      failureReason(server, (await fetch(`${cb}${query}`, { redirect: 'manual' })).headers.get('location')!);
    expect(await reason('?state=abc')).toBe('missing_code');
    expect(await reason('?code=abc')).toBe('missing_state');
    expect(await reason('?error=access_denied&state=abc')).toBe('access_denied');
    expect(await reason('?code=abc&state=abc&redirect=https://evil.example')).toBe('invalid_state');
    expect(await reason('?code[]=a&state[x]=b')).toBe('missing_code');
    expect(await reason('?code=a&code=b&state=c&state=d')).toBe('invalid_state');
  });

  it('never lets a request choose the landing page', async () => {
    idp.account({ sub: 'dave-1', email: uniqueEmail('dave'), email_verified: true });
    idp.autoLogin = 'dave-1';
    const browser = new BrowserSession();
    const { url } = await browser.follow(
      `${server.url}/oauth/openid?redirect=https://evil.example&returnTo=//evil.example`,
      [`${server.url}/oauth/openid/callback`],
    );
    const res = await browser.request(`${url}&redirect=https://evil.example&next=//evil.example`);
    expect(res.headers.get('location')).toBe(`http://127.0.0.1:${port}/c/new`);
  });

  it('logout of an OpenID account answers the provider end-session URL', async () => {
    idp.account({ sub: 'erin-1', email: uniqueEmail('erin'), email_verified: true });
    idp.autoLogin = 'erin-1';
    const outcome = await walkSignIn(server, 'openid');
    const { token } = await sessionUser(server, outcome.refresh!);
    const res = await server.api('/api/auth/logout', { method: 'POST', token });
    const body = (await res.json()) as { redirect?: string };
    const redirect = new URL(body.redirect!);
    expect(redirect.origin).toBe(idp.issuer);
    expect(redirect.searchParams.get('post_logout_redirect_uri')).toBe(
      `http://127.0.0.1:${port}/login?redirect=false`,
    );
    expect(redirect.searchParams.get('client_id')).toBe(idp.clientId);
  });

  it('honours ALLOW_SOCIAL_REGISTRATION and OPENID_REQUIRED_ROLE', async () => {
    await server.stop();
    server = await startTestServer({
      env: env({
        ALLOW_SOCIAL_REGISTRATION: 'false',
        OPENID_REQUIRED_ROLE: 'chat-user',
        OPENID_REQUIRED_ROLE_PARAMETER_PATH: 'roles',
      }),
    });
    idp.account({ sub: 'frank-1', email: uniqueEmail('frank'), email_verified: true, roles: ['other'] });
    idp.autoLogin = 'frank-1';
    expect(failureReason(server, (await walkSignIn(server, 'openid')).url)).toBe('role_required');

    idp.account({ sub: 'grace-1', email: uniqueEmail('grace'), email_verified: true, roles: ['chat-user'] });
    idp.autoLogin = 'grace-1';
    expect(failureReason(server, (await walkSignIn(server, 'openid')).url)).toBe('registration_disabled');
    expect(await server.ctx.db.select().from(users).where(eq(users.provider, 'openid'))).toEqual([]);
  }, 120_000);
});

describe('OpenID Connect configuration', () => {
  it('keeps the button off while the issuer cannot be reached, and refuses to start a sign-in', async () => {
    const dead = await freePort();
    const server = await startTestServer({
      env: { OPENID_ISSUER: `http://127.0.0.1:${dead}`, OPENID_CLIENT_ID: 'x', OPENID_CLIENT_SECRET: 'y' },
    });
    try {
      const config = (await (await server.api('/api/config')).json()) as Record<string, unknown>;
      expect(config).toMatchObject({ openidLoginEnabled: false, socialLogins: [] });
      const res = await fetch(`${server.url}/oauth/openid`, { redirect: 'manual' });
      expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('provider_disabled');
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('refuses a plain-http issuer that is not on loopback', async () => {
    await expect(
      startTestServer({
        env: { OPENID_ISSUER: 'http://idp.example.com', OPENID_CLIENT_ID: 'x', OPENID_CLIENT_SECRET: 'y' },
      }),
    ).rejects.toThrow(/OPENID_ISSUER must be an https:\/\/ URL/);
  });
});
