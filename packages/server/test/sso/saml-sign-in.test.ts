import { REFRESH_COOKIE } from '@parley/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalIdentities, users } from '../../src/db/schema/index.ts';
import { markEmailVerified } from '../../src/services/users/user-service.ts';
import { ATTEMPT_COOKIE, openAttempt } from '../../src/services/sso/attempt-cookie.ts';
import { register, uniqueEmail } from '../auth/auth-client.ts';
import { BrowserSession } from '../helpers/browser-session.ts';
import { freePort } from '../helpers/free-port.ts';
import {
  startTestSamlIdp,
  type ResponseOptions,
  type SamlPerson,
  type SeenRequest,
  type TestSamlIdp,
} from '../helpers/test-saml-idp.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import {
  expectRefusedLink,
  failureReason,
  linkReason,
  sessionUser,
  type SignInOutcome,
} from './sso-test-kit.ts';

const SP_ENTITY = 'https://parley.test/saml';

const person = (name: string, email = uniqueEmail(name)): SamlPerson => ({
  nameId: `${name}-id`,
  attributes: { email, given_name: name[0]!.toUpperCase() + name.slice(1), family_name: 'Saml' },
});

/** Parley as a SAML service provider against an identity provider the test runs on loopback. */
describe('SAML 2.0 sign-in', () => {
  let idp: TestSamlIdp;
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    idp = await startTestSamlIdp();
    server = await startTestServer({
      env: {
        PORT: String(port),
        DOMAIN_SERVER: `http://127.0.0.1:${port}`,
        SAML_ENTRY_POINT: idp.entryPoint,
        SAML_ISSUER: SP_ENTITY,
        SAML_CERT: idp.certPath,
        SAML_BUTTON_LABEL: 'Acme SAML',
        SAML_IMAGE_URL: 'https://example.com/saml.png',
        ALLOW_SOCIAL_REGISTRATION: 'true',
      },
    });
  });
  afterAll(async () => {
    await server.stop();
    await idp.stop();
  });

  const callback = () => `${server.url}/oauth/saml/callback`;
  const landings = () => [`${server.url}/c/`, `${server.url}/login`];

  /** Starts a sign-in in `browser` and lets the IdP see the request; returns that request. */
  async function startAttempt(browser: BrowserSession): Promise<SeenRequest> {
    const { url } = await browser.follow(`${server.url}/oauth/saml`, [idp.entryPoint]);
    expect(url.startsWith(idp.entryPoint)).toBe(true);
    const before = idp.requests.length;
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(idp.requests.length).toBe(before + 1);
    return idp.requests.at(-1)!;
  }

  /** The IdP's POST as the browser sends it, then the hand-over to the GET callback. */
  async function postAnswer(
    browser: BrowserSession,
    SAMLResponse: string,
    RelayState: string,
  ): Promise<SignInOutcome> {
    const res = await browser.request(callback(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLResponse, RelayState }).toString(),
    });
    expect(res.status).toBe(303);
    const next = new URL(res.headers.get('location')!, server.url).href;
    if (!next.startsWith(callback())) return { url: next, refresh: undefined };
    const { url } = await browser.follow(next, landings());
    return { url, refresh: browser.cookie(server.url, REFRESH_COOKIE) };
  }

  /** The whole sign-in through the IdP's self-posting page, as a browser does it. */
  async function walk(browser = new BrowserSession()): Promise<SignInOutcome> {
    const { url } = await browser.follow(`${server.url}/oauth/saml`, [idp.entryPoint]);
    const html = await (await fetch(url)).text();
    const field = (name: string) =>
      new RegExp(`name="${name}" value="([^"]*)"`)
        .exec(html)?.[1]
        ?.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
    expect(/action="([^"]*)"/.exec(html)?.[1]).toBe(callback());
    return postAnswer(browser, field('SAMLResponse')!, field('RelayState')!);
  }

  /** A crafted answer to a fresh attempt of a fresh browser; returns the failure reason. */
  async function refusedReason(craft: (request: SeenRequest) => string): Promise<string | null> {
    const browser = new BrowserSession();
    const request = await startAttempt(browser);
    const outcome = await postAnswer(browser, craft(request), request.relayState);
    expect(outcome.refresh).toBeUndefined();
    return failureReason(server, outcome.url);
  }

  it('/api/config reports the SAML button with its label and image', async () => {
    const config = (await (await server.api('/api/config')).json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      samlLoginEnabled: true,
      samlLabel: 'Acme SAML',
      samlImageUrl: 'https://example.com/saml.png',
      socialLogins: ['saml'],
      openidLoginEnabled: false,
      socialLoginEnabled: false,
    });
  });

  it('sends an AuthnRequest whose id and RelayState are bound to the browser by an httpOnly cookie', async () => {
    const browser = new BrowserSession();
    const res = await browser.request(`${server.url}/oauth/saml?RelayState=https://evil.example`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(idp.entryPoint);
    expect(location.searchParams.get('SAMLRequest')).toBeTruthy();
    const cookieLine = res.headers.getSetCookie().find((c) => c.startsWith(`${ATTEMPT_COOKIE}=`))!;
    expect(cookieLine).toMatch(/HttpOnly/i);
    expect(cookieLine).toMatch(/SameSite=Lax/i);
    await fetch(location);
    const request = idp.requests.at(-1)!;
    expect(request).toMatchObject({ acsUrl: callback(), issuer: SP_ENTITY });
    expect(request.relayState).not.toContain('evil');
    const attempt = await openAttempt(
      server.ctx.config.secrets.ssoSecret,
      browser.cookie(server.url, ATTEMPT_COOKIE),
    );
    expect(attempt).toEqual({
      provider: 'saml',
      state: request.relayState,
      requestId: request.id,
      nonce: undefined,
      verifier: undefined,
    });
  });

  it('a first sign-in creates the account from the attributes and lands on /c/new; the next finds it by NameID', async () => {
    const ada = person('ada');
    idp.signIn = ada;
    const outcome = await walk();
    expect(outcome.url).toBe(`http://127.0.0.1:${port}/c/new`);
    expect(outcome.refresh).toBeTruthy();
    const session = await sessionUser(server, outcome.refresh!);
    expect(session.user).toMatchObject({ email: ada.attributes.email, name: 'Ada Saml', provider: 'saml' });

    // A changed address at the IdP does not make another account: the NameID is the key.
    idp.signIn = { ...ada, attributes: { ...ada.attributes, email: uniqueEmail('ada-new') } };
    const again = await walk();
    expect((await sessionUser(server, again.refresh!)).user.id).toBe(session.user.id);
    const links = await server.ctx.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.userId, session.user.id));
    expect(links).toEqual([expect.objectContaining({ provider: 'saml', subject: 'ada-id' })]);
  });

  it('links an existing password account with the same address once the address is proven', async () => {
    const email = uniqueEmail('local');
    expect((await register(server, { email, name: 'Local Person' })).status).toBe(200);
    idp.signIn = { nameId: 'local-id', attributes: { mail: email.toUpperCase() } };
    // Registered without mail, the address is the registrant's word only: a signed assertion
    // for it must not enter that account (it may be someone's pre-registration).
    const refused = await walk();
    expect(failureReason(server, refused.url)).toBe('account_not_linked');
    expect(refused.refresh).toBeUndefined();
    await expectRefusedLink(server, email, 'saml', 'local-id');

    const [local] = await server.ctx.db.select().from(users).where(eq(users.email, email));
    await markEmailVerified(server.ctx.db, local!.id);
    const outcome = await walk();
    const session = await sessionUser(server, outcome.refresh!);
    expect(session.user).toMatchObject({ id: local!.id, email, name: 'Local Person', provider: 'local' });
    expect(await linkReason(server, 'saml', 'local-id')).toMatchObject({ linkedBy: 'address' });
  });

  it('refuses a replayed response: with its cookie, without it, and in a new attempt', async () => {
    const browser = new BrowserSession();
    const request = await startAttempt(browser);
    const cookie = browser.cookie(server.url, ATTEMPT_COOKIE)!;
    const answer = idp.response({ request, person: person('replay') });
    const first = await postAnswer(browser, answer, request.relayState);
    expect(first.url).toBe(`http://127.0.0.1:${port}/c/new`);

    // The same POST again (the attempt cookie was cleared on success).
    const again = new BrowserSession();
    expect(failureReason(server, (await postAnswer(again, answer, request.relayState)).url)).toBe(
      'invalid_state',
    );
    // With the attempt cookie put back.
    again.setCookie(server.url, ATTEMPT_COOKIE, cookie);
    expect(failureReason(server, (await postAnswer(again, answer, request.relayState)).url)).toBe(
      'invalid_state',
    );
    // Posted into a fresh attempt: the request it answers is spent.
    expect(await refusedReason(() => answer)).toBe('invalid_state');
  });

  it('refuses a response to another request, even one signed correctly for a pending request', async () => {
    const victim = new BrowserSession();
    const victimRequest = await startAttempt(victim);
    // The attacker's own, genuine sign-in, answered by the IdP but posted into the victim's browser.
    const attacker = new BrowserSession();
    const attackerRequest = await startAttempt(attacker);
    const answer = idp.response({ request: attackerRequest, person: person('attacker') });
    const outcome = await postAnswer(victim, answer, victimRequest.relayState);
    expect(failureReason(server, outcome.url)).toBe('invalid_state');
    expect(outcome.refresh).toBeUndefined();
    // A RelayState that is not this browser's.
    const other = idp.response({ request: victimRequest, person: person('victim') });
    expect(failureReason(server, (await postAnswer(victim, other, 'forged-state')).url)).toBe(
      'invalid_state',
    );
  });

  it('refuses an unsigned assertion, one signed by another key, an expired one and one for another audience', async () => {
    const p = person('mallory');
    const cases: [string, (r: SeenRequest) => Partial<ResponseOptions>][] = [
      ['unsigned', () => ({ sign: 'none' })],
      ['only the response signed', () => ({ sign: 'response' })],
      ['another key', () => ({ signer: 'other-idp' })],
      ['expired', () => ({ expiresInMs: -10 * 60_000 })],
      ['another audience', () => ({ audience: 'https://other-service.example/saml' })],
    ];
    for (const [what, options] of cases) {
      const reason = await refusedReason((request) =>
        idp.response({ request, person: p, ...options(request) }),
      );
      expect(reason, what).toBe('assertion_rejected');
    }
    const nobody = await server.ctx.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.subject, 'mallory-id'));
    expect(nobody).toEqual([]);
  });

  it('refuses XML signature wrapping: a signed assertion moved or duplicated beside an unsigned evil one', async () => {
    const honest = person('honest');
    const evil = { nameId: 'evil-id', attributes: { email: uniqueEmail('evil') } };
    const encode = (xml: string) => Buffer.from(xml).toString('base64');
    /** The IdP's honest, signed response, its signed assertion, and an evil unsigned one. */
    const parts = (request: SeenRequest, sameId = false) => {
      const xml = idp.responseXml({ request, person: honest });
      const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)![0];
      const id = sameId ? /ID="([^"]+)"/.exec(signed)![1]! : undefined;
      const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(signed)![0];
      return { xml, signed, signature, forged: idp.assertion({ request, person: evil }, id) };
    };
    /** The evil assertion with the honest one's ID and a copy of its signature. */
    const withCopiedSignature = (request: SeenRequest) => {
      const p = parts(request, true);
      return { ...p, forged: p.forged.replace(/(<\/saml:Issuer>)/, `$1${p.signature}`) };
    };
    const wraps: [string, (r: SeenRequest) => string][] = [
      [
        'evil assertion beside the signed one',
        (request) => {
          const { xml, signed, forged } = parts(request);
          return encode(xml.replace(signed, forged + signed));
        },
      ],
      [
        'signed assertion nested inside the evil one',
        (request) => {
          const { xml, signed, forged } = parts(request);
          return encode(
            xml.replace(signed, forged.replace(/<\/saml:Assertion>$/, `${signed}</saml:Assertion>`)),
          );
        },
      ],
      [
        'signed assertion moved into Extensions, evil one in its place with the same ID',
        (request) => {
          const { xml, signed, forged } = withCopiedSignature(request);
          const extensions = `</saml:Issuer><samlp:Extensions>${signed}</samlp:Extensions>`;
          return encode(xml.replace(signed, forged).replace('</saml:Issuer>', extensions));
        },
      ],
      [
        "the signed assertion's signature copied onto the evil one",
        (request) => {
          const { xml, signed, forged } = withCopiedSignature(request);
          return encode(xml.replace(signed, forged));
        },
      ],
    ];
    for (const [what, craft] of wraps) {
      expect(await refusedReason(craft), what).toBe('assertion_rejected');
    }
    const evilRows = await server.ctx.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.subject, 'evil-id'));
    expect(evilRows).toEqual([]);
  });

  it('reports a refusal at the IdP, and refuses malformed, missing, oversized and unknown answers without a 500', async () => {
    idp.signIn = null;
    const denied = await walk();
    expect(failureReason(server, denied.url)).toBe('access_denied');

    expect(await refusedReason(() => Buffer.from('<not-saml/>').toString('base64'))).toBe(
      'assertion_rejected',
    );
    expect(await refusedReason(() => 'not base64 at all %%%')).toBe('assertion_rejected');

    const post = (body: string) =>
      fetch(callback(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      });
    expect(failureReason(server, (await post('RelayState=x')).headers.get('location')!)).toBe('missing_code');
    expect(failureReason(server, (await post('SAMLResponse=x')).headers.get('location')!)).toBe(
      'missing_state',
    );
    const huge = await post(`SAMLResponse=${'A'.repeat(300 * 1024)}&RelayState=x`);
    expect(huge.status).toBe(413);

    const get = async (query: string) =>
      failureReason(
        server,
        (await fetch(`${callback()}${query}`, { redirect: 'manual' })).headers.get('location')!,
      );
    expect(await get('')).toBe('missing_code');
    expect(await get('?relay=../../etc')).toBe('missing_code');
    expect(await get(`?relay=${'a'.repeat(43)}`)).toBe('invalid_state');
  });
});
