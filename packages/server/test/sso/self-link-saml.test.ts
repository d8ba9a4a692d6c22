import { REFRESH_COOKIE } from '@parley/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type LoggedIn } from '../auth/auth-client.ts';
import { BrowserSession } from '../helpers/browser-session.ts';
import { freePort } from '../helpers/free-port.ts';
import { startTestSamlIdp, type TestSamlIdp } from '../helpers/test-saml-idp.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { failureReason, linkReason, sessionUser } from './sso-test-kit.ts';

/**
 * Linking SAML from the account page: the link intent travels in the same attempt cookie that
 * holds the RelayState and request id, across the identity provider's cross-site POST and the
 * hand-over to the GET callback.
 */
describe('linking SAML from the account page', () => {
  let idp: TestSamlIdp;
  let server: TestServer;

  beforeAll(async () => {
    const port = await freePort();
    idp = await startTestSamlIdp();
    server = await startTestServer({
      env: {
        PORT: String(port),
        DOMAIN_SERVER: `http://127.0.0.1:${port}`,
        SAML_ENTRY_POINT: idp.entryPoint,
        SAML_ISSUER: 'https://parley.test/saml',
        SAML_CERT: idp.certPath,
        ALLOW_SOCIAL_REGISTRATION: 'true',
        LOG_LEVEL: 'silent',
      },
    });
  });
  afterAll(async () => {
    await server.stop();
    await idp.stop();
  });

  /** The IdP's self-posting form for a redirect URL: the answer and RelayState it would post. */
  async function idpAnswer(redirectUrl: string) {
    const html = await (await fetch(redirectUrl)).text();
    const field = (name: string) =>
      new RegExp(`name="${name}" value="([^"]*)"`)
        .exec(html)?.[1]
        ?.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
    return { SAMLResponse: field('SAMLResponse')!, RelayState: field('RelayState')! };
  }

  /** Posts an answer in `browser` and follows the hand-over to the client page it lands on. */
  async function post(browser: BrowserSession, answer: { SAMLResponse: string; RelayState: string }) {
    const res = await browser.request(`${server.url}/oauth/saml/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(answer).toString(),
    });
    const next = new URL(res.headers.get('location')!, server.url).href;
    const { url } = await browser.follow(next, [`${server.url}/c/`, `${server.url}/login`]);
    return new URL(url);
  }

  async function startLink(who: LoggedIn, browser = new BrowserSession()) {
    browser.setCookie(server.url, REFRESH_COOKIE, who.refresh);
    const res = await browser.request(`${server.url}/api/user/identities/link/saml`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(res.status).toBe(200);
    const { redirectUrl } = (await res.json()) as { redirectUrl: string };
    return { browser, answer: await idpAnswer(redirectUrl) };
  }

  it('a refused password account links SAML, then SAML signs in to it; the answer works once', async () => {
    const owner = await signUp(server);
    idp.signIn = { nameId: 'saml-owner', attributes: { email: owner.user.email } };
    const first = new BrowserSession();
    const { url: atIdp } = await first.follow(`${server.url}/oauth/saml`, [idp.entryPoint]);
    const refused = await post(first, await idpAnswer(atIdp));
    expect(failureReason(server, refused.href)).toBe('account_not_linked');

    const { browser, answer } = await startLink(owner);
    const landed = await post(browser, answer);
    expect(landed.pathname).toBe('/c/new');
    expect(landed.searchParams.get('linked')).toBe('saml');
    expect(browser.cookie(server.url, REFRESH_COOKIE)).toBe(owner.refresh);
    expect(await linkReason(server, 'saml', 'saml-owner')).toEqual({
      userId: owner.user.id,
      linkedBy: 'self',
    });
    // The same posted answer again: its request was spent.
    expect(failureReason(server, (await post(browser, answer)).href)).toBe('invalid_state');

    const b = new BrowserSession();
    const { url } = await b.follow(`${server.url}/oauth/saml`, [idp.entryPoint]);
    await post(b, await idpAnswer(url));
    expect((await sessionUser(server, b.cookie(server.url, REFRESH_COOKIE)!)).user.id).toBe(owner.user.id);
  });

  it("A's linking answer posted in B's browser links nothing to B", async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    idp.signIn = { nameId: 'saml-a', attributes: { email: a.user.email } };
    const fromA = await startLink(a);
    const { browser: browserB } = await startLink(b);
    const landed = await post(browserB, fromA.answer);
    expect(failureReason(server, landed.href)).toBe('invalid_state');
    expect(await linkReason(server, 'saml', 'saml-a')).toBeUndefined();
  });
});
