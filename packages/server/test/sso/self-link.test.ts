import { REFRESH_COOKIE, type LinkedIdentities, type WalletChallenge } from '@parley/schema';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLinkConflictsCommand } from '../../src/cli/admin-commands.ts';
import { ATTEMPT_COOKIE, openAttempt, sealAttempt } from '../../src/services/sso/attempt-cookie.ts';
import { signUp, uniqueEmail, type LoggedIn } from '../auth/auth-client.ts';
import { BrowserSession } from '../helpers/browser-session.ts';
import { freePort } from '../helpers/free-port.ts';
import { startTestOidcProvider, type TestOidcProvider } from '../helpers/test-oidc-provider.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { failureReason, linkReason, sessionUser, walkSignIn } from './sso-test-kit.ts';

/**
 * The way out of `account_not_linked`: a person signed in with their password links an external
 * sign-in from the account page. The link must go to the account that started it, only while
 * its sign-in lasts, only once per attempt, and never take an identity from another account.
 */
describe('linking an external sign-in from the account page', () => {
  let idp: TestOidcProvider;
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    idp = await startTestOidcProvider({ redirectUris: [`http://127.0.0.1:${port}/oauth/openid/callback`] });
    server = await startTestServer({
      env: {
        PORT: String(port),
        DOMAIN_SERVER: `http://127.0.0.1:${port}`,
        OPENID_ISSUER: idp.issuer,
        OPENID_CLIENT_ID: idp.clientId,
        OPENID_CLIENT_SECRET: idp.clientSecret,
        ALLOW_SOCIAL_REGISTRATION: 'true',
        ALLOW_WALLET_LOGIN: 'true',
        LOG_LEVEL: 'silent',
      },
    });
  });
  afterAll(async () => {
    await server.stop();
    await idp.stop();
  });

  const callbackPrefix = () => `${server.url}/oauth/openid/callback`;

  /** A browser holding `who`'s session that asked the account page to link OpenID. */
  async function startLink(who: LoggedIn, browser = new BrowserSession()): Promise<BrowserSession> {
    browser.setCookie(server.url, REFRESH_COOKIE, who.refresh);
    const res = await browser.request(`${server.url}/api/user/identities/link/openid`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(res.status).toBe(200);
    const { redirectUrl } = (await res.json()) as { redirectUrl: string };
    expect(new URL(redirectUrl).origin).toBe(idp.issuer);
    // Walk to the provider and back up to (not into) Parley's callback.
    const { url } = await browser.follow(redirectUrl, [callbackPrefix()]);
    expect(url.startsWith(callbackPrefix())).toBe(true);
    (browser as BrowserSession & { callback?: string }).callback = url;
    return browser;
  }
  const callbackOf = (b: BrowserSession) => (b as BrowserSession & { callback: string }).callback;

  /** Follows the callback; answers the client page it lands on. */
  async function land(browser: BrowserSession, callback: string): Promise<URL> {
    const { url } = await browser.follow(callback, [`${server.url}/c/`, `${server.url}/login`]);
    return new URL(url);
  }

  async function identities(who: LoggedIn): Promise<LinkedIdentities> {
    const res = await server.api('/api/user/identities', { token: who.token });
    expect(res.status).toBe(200);
    return (await res.json()) as LinkedIdentities;
  }

  it('a refused password account links OpenID from the account page, then signs in with it', async () => {
    const email = uniqueEmail('way-out');
    const owner = await signUp(server, email);
    idp.account({ sub: 'way-out-1', email, email_verified: true });
    idp.autoLogin = 'way-out-1';
    const refused = await walkSignIn(server, 'openid');
    expect(failureReason(server, refused.url)).toBe('account_not_linked');

    const browser = await startLink(owner);
    const attempt = await openAttempt(
      server.ctx.config.secrets.ssoSecret,
      browser.cookie(server.url, ATTEMPT_COOKIE),
    );
    expect(attempt).toMatchObject({ provider: 'openid', linkUserId: owner.user.id });
    const landed = await land(browser, callbackOf(browser));
    expect(landed.pathname).toBe('/c/new');
    expect(landed.searchParams.get('linked')).toBe('openid');
    // The session is the one it was: no new refresh cookie, the same account.
    expect(browser.cookie(server.url, REFRESH_COOKIE)).toBe(owner.refresh);
    expect(browser.cookie(server.url, ATTEMPT_COOKIE)).toBeUndefined();
    expect(await linkReason(server, 'openid', 'way-out-1')).toEqual({
      userId: owner.user.id,
      linkedBy: 'self',
    });
    expect(await listLinkConflictsCommand(server.ctx.db)).not.toContainEqual(
      expect.objectContaining({ subject: 'way-out-1' }),
    );
    expect((await identities(owner)).identities).toEqual([
      expect.objectContaining({ provider: 'openid', email: email.toLowerCase() }),
    ]);

    const signedIn = await walkSignIn(server, 'openid');
    expect((await sessionUser(server, signedIn.refresh!)).user.id).toBe(owner.user.id);
  });

  it('a replayed callback is refused, with or without the attempt cookie kept aside', async () => {
    const owner = await signUp(server);
    idp.account({ sub: 'replay-1', email: owner.user.email, email_verified: true });
    idp.autoLogin = 'replay-1';
    const browser = await startLink(owner);
    const kept = browser.cookie(server.url, ATTEMPT_COOKIE)!;
    expect((await land(browser, callbackOf(browser))).searchParams.get('linked')).toBe('openid');
    // The same answer again, the attempt cookie restored: the state was spent.
    browser.setCookie(server.url, ATTEMPT_COOKIE, kept);
    const again = await land(browser, callbackOf(browser));
    expect(failureReason(server, again.href)).toBe('invalid_state');
  });

  it("A's link answer completed in B's browser links nothing to B", async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    idp.account({ sub: 'a-ident', email: a.user.email, email_verified: true });
    idp.autoLogin = 'a-ident';
    const browserA = await startLink(a);
    // B has a link attempt of their own open; A's provider answer lands in B's browser.
    idp.account({ sub: 'b-ident', email: b.user.email, email_verified: true });
    idp.autoLogin = 'b-ident';
    const browserB = await startLink(b);
    const crossed = await land(browserB, callbackOf(browserA));
    expect(failureReason(server, crossed.href)).toBe('invalid_state');
    expect(await linkReason(server, 'openid', 'a-ident')).toBeUndefined();
    // Without any attempt cookie at all: the same.
    const bare = new BrowserSession();
    bare.setCookie(server.url, REFRESH_COOKIE, b.refresh);
    expect(failureReason(server, (await land(bare, callbackOf(browserA))).href)).toBe('invalid_state');
    expect(await identities(b)).toMatchObject({ identities: [] });
  });

  it("A's attempt left in a browser after A signed out links nothing, not even for the next person there", async () => {
    const a = await signUp(server);
    idp.account({ sub: 'shared-pc', email: a.user.email, email_verified: true });
    idp.autoLogin = 'shared-pc';
    const browser = await startLink(a);
    await server.api('/api/auth/logout', { method: 'POST', token: a.token });
    // B signs in on the same browser.
    const b = await signUp(server);
    browser.setCookie(server.url, REFRESH_COOKIE, b.refresh);
    const landed = await land(browser, callbackOf(browser));
    expect(landed.searchParams.get('link_error')).toBe('link_session_ended');
    expect(await linkReason(server, 'openid', 'shared-pc')).toBeUndefined();
    expect(browser.cookie(server.url, REFRESH_COOKIE)).toBe(b.refresh);
  });

  it('an attempt cookie naming another account, not signed by the server, is refused', async () => {
    const a = await signUp(server);
    const victim = await signUp(server);
    idp.account({ sub: 'forged-1', email: a.user.email, email_verified: true });
    idp.autoLogin = 'forged-1';
    const browser = await startLink(a);
    const real = await openAttempt(
      server.ctx.config.secrets.ssoSecret,
      browser.cookie(server.url, ATTEMPT_COOKIE),
    );
    const forged = await sealAttempt('not-the-server-secret', { ...real!, linkUserId: victim.user.id });
    browser.setCookie(server.url, ATTEMPT_COOKIE, forged);
    expect(failureReason(server, (await land(browser, callbackOf(browser))).href)).toBe('invalid_state');
    expect(await linkReason(server, 'openid', 'forged-1')).toBeUndefined();
  });

  it('an identity that enters another account is refused and stays there', async () => {
    const email = uniqueEmail('theirs');
    idp.account({ sub: 'theirs-1', email, email_verified: true });
    idp.autoLogin = 'theirs-1';
    const theirs = await walkSignIn(server, 'openid');
    const theirId = (await sessionUser(server, theirs.refresh!)).user.id;

    const mine = await signUp(server);
    const browser = await startLink(mine);
    const landed = await land(browser, callbackOf(browser));
    expect(landed.searchParams.get('link_error')).toBe('identity_linked_elsewhere');
    expect(await linkReason(server, 'openid', 'theirs-1')).toMatchObject({
      userId: theirId,
      linkedBy: 'sign-up',
    });
    expect(await identities(mine)).toMatchObject({ identities: [] });
  });

  it('starting a link needs a signed-in caller and a known, enabled provider', async () => {
    const who = await signUp(server);
    const start = (provider: string, token?: string) =>
      server.api(`/api/user/identities/link/${provider}`, { method: 'POST', token });
    expect((await start('openid')).status).toBe(401);
    expect((await start('myspace', who.token)).status).toBe(400);
    expect((await start('google', who.token)).status).toBe(404);
    // The wallet links through its own verify call, not a redirect.
    expect((await start('wallet', who.token)).status).toBe(404);
  });

  it("unlinking: one's own link goes, another's is not found, the last way in stays", async () => {
    const owner = await signUp(server);
    idp.account({ sub: 'unlink-1', email: owner.user.email, email_verified: true });
    idp.autoLogin = 'unlink-1';
    await land(...(await startLink(owner).then((b) => [b, callbackOf(b)] as const)));
    const [link] = (await identities(owner)).identities;
    expect(link).toBeDefined();

    // An account the provider made: no password, its one link is its only way in.
    idp.account({ sub: 'only-way-1', email: uniqueEmail('only'), email_verified: true });
    idp.autoLogin = 'only-way-1';
    const made = await sessionUser(server, (await walkSignIn(server, 'openid')).refresh!);
    const madeLogin = { token: made.token } as LoggedIn;
    const [only] = (await identities(madeLogin)).identities;
    expect(await identities(madeLogin)).toMatchObject({ hasPassword: false });

    const del = (id: string, token: string) =>
      server.api(`/api/user/identities/${id}`, { method: 'DELETE', token });
    expect((await del(only!.id, owner.token)).status).toBe(404);
    expect((await del(link!.id, made.token)).status).toBe(404);
    expect((await del('not-a-uuid', owner.token)).status).toBe(400);
    const last = await del(only!.id, made.token);
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ code: 'last_sign_in_method' });
    expect(await linkReason(server, 'openid', 'only-way-1')).toBeDefined();

    expect((await del(link!.id, owner.token)).status).toBe(200);
    expect(await identities(owner)).toMatchObject({ identities: [], hasPassword: true });
    expect((await server.api('/api/user/identities')).status).toBe(401);
  });

  describe('wallet', () => {
    async function signedChallenge(browser: BrowserSession, key = generatePrivateKey()) {
      const res = await browser.request(`${server.url}/api/auth/wallet/nonce`);
      const c = (await res.json()) as WalletChallenge;
      const account = privateKeyToAccount(key);
      const message = createSiweMessage({
        address: account.address,
        domain: c.domain,
        uri: c.uri,
        chainId: c.chainId,
        nonce: c.nonce,
        statement: c.statement,
        version: '1',
        issuedAt: new Date(),
        expirationTime: new Date(c.expirationTime),
      });
      return { account, body: { message, signature: await account.signMessage({ message }) } };
    }
    const verify = (browser: BrowserSession, body: object, token?: string) =>
      browser.request(`${server.url}/api/auth/wallet/verify`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });

    it('links a wallet to the signed-in caller, once per challenge; needs a caller; not one another account has', async () => {
      const owner = await signUp(server);
      const browser = new BrowserSession();
      const key = generatePrivateKey();
      const { account, body } = await signedChallenge(browser, key);
      expect((await verify(browser, { ...body, link: true })).status).toBe(401);

      const second = await signedChallenge(browser, key);
      const linked = await verify(browser, { ...second.body, link: true }, owner.token);
      expect(linked.status).toBe(200);
      expect(await linked.json()).toEqual({ linked: true });
      expect(linked.headers.getSetCookie().some((c) => c.startsWith(`${REFRESH_COOKIE}=`))).toBe(false);
      expect(await linkReason(server, 'wallet', account.address.toLowerCase())).toEqual({
        userId: owner.user.id,
        linkedBy: 'self',
      });
      // The same signed message again: the challenge was spent.
      expect((await verify(browser, { ...second.body, link: true }, owner.token)).status).toBe(400);

      // The wallet now enters the owner's account; another account cannot take it.
      const other = await signUp(server);
      const third = await signedChallenge(browser, key);
      const taken = await verify(browser, { ...third.body, link: true }, other.token);
      expect(taken.status).toBe(409);
      expect(await taken.json()).toMatchObject({ code: 'identity_linked_elsewhere' });
    });
  });

  it('a provider that cannot be reached refuses the start with 404, not a crash', async () => {
    const deadPort = await freePort();
    const unreachable = await startTestServer({
      env: {
        OPENID_ISSUER: `http://127.0.0.1:${deadPort}`,
        OPENID_CLIENT_ID: 'parley',
        OPENID_CLIENT_SECRET: 'secret',
        LOG_LEVEL: 'silent',
      },
    });
    try {
      const who = await signUp(unreachable);
      const res = await unreachable.api('/api/user/identities/link/openid', {
        method: 'POST',
        token: who.token,
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'provider_disabled' });
    } finally {
      await unreachable.stop();
    }
  });
});
