import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importSPKI } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialProviderName } from '../../src/services/sso/social-providers.ts';
import { linkIdentityCommand, listLinkConflictsCommand } from '../../src/cli/admin-commands.ts';
import { signUp, uniqueEmail } from '../auth/auth-client.ts';
import { BrowserSession } from '../helpers/browser-session.ts';
import { freePort } from '../helpers/free-port.ts';
import { startTestSocialProvider, type TestSocialProvider } from '../helpers/test-social-provider.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { expectRefusedLink, failureReason, sessionUser, walkSignIn } from './sso-test-kit.ts';

/** GitHub's ids are numbers; the others take any string, so every test account gets digits. */
let idCounter = 0;
const numericId = () => `${Date.now()}${++idCounter}`;

const PROVIDERS: SocialProviderName[] = ['google', 'github', 'discord', 'facebook', 'apple'];

/** The five social providers against a local OAuth server that speaks each one's shapes. */
describe('social sign-in', () => {
  let oauth: TestSocialProvider;
  let server: TestServer;
  let port: number;
  let env: Record<string, string>;

  beforeAll(async () => {
    port = await freePort();
    const apple = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const keyPath = join(tmpdir(), `parley-apple-${port}.p8`);
    writeFileSync(keyPath, apple.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    oauth = await startTestSocialProvider({
      clients: Object.fromEntries(
        PROVIDERS.map((p) => [p, { clientId: `${p}-client`, clientSecret: `${p}-secret` }]),
      ),
      redirectUris: PROVIDERS.map((p) => `http://127.0.0.1:${port}/oauth/${p}/callback`),
      apple: {
        teamId: 'TEAM123',
        keyId: 'KEY123',
        publicKey: await importSPKI(
          apple.publicKey.export({ type: 'spki', format: 'pem' }) as string,
          'ES256',
        ),
      },
    });
    env = {
      PORT: String(port),
      DOMAIN_SERVER: `http://127.0.0.1:${port}`,
      ALLOW_SOCIAL_LOGIN: 'true',
      LOG_LEVEL: process.env.SSO_DEBUG ? 'warn' : 'silent',
      ALLOW_SOCIAL_REGISTRATION: 'true',
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GITHUB_CLIENT_ID: 'github-client',
      GITHUB_CLIENT_SECRET: 'github-secret',
      DISCORD_CLIENT_ID: 'discord-client',
      DISCORD_CLIENT_SECRET: 'discord-secret',
      FACEBOOK_CLIENT_ID: 'facebook-client',
      FACEBOOK_CLIENT_SECRET: 'facebook-secret',
      APPLE_CLIENT_ID: 'apple-client',
      APPLE_TEAM_ID: 'TEAM123',
      APPLE_KEY_ID: 'KEY123',
      APPLE_PRIVATE_KEY_PATH: keyPath,
    };
    server = await startTestServer({
      env,
      yaml: 'version: 1.2.8\nregistration:\n  socialLogins: [apple, saml, github, google, discord, facebook, openid]\n',
      socialEndpoints: oauth.endpoints,
    });
  });
  afterAll(async () => {
    await server.stop();
    await oauth.stop();
  });

  /** Apple's answer is a page that POSTs the fields back; a browser submits it. */
  async function walk(provider: SocialProviderName, browser = new BrowserSession()) {
    if (provider !== 'apple') return walkSignIn(server, provider, browser);
    const { response } = await browser.follow(`${server.url}/oauth/apple`);
    const html = await response.text();
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const fields = new URLSearchParams(
      [...html.matchAll(/name="(\w+)" value='([^']*)'/g)].map((m): [string, string] => [m[1]!, m[2]!]),
    );
    const posted = await browser.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
    expect(posted.status).toBe(303);
    const { url } = await browser.follow(new URL(posted.headers.get('location')!, server.url).href, [
      `${server.url}/c/`,
      `${server.url}/login`,
    ]);
    return { url, refresh: browser.cookie(server.url, 'refreshToken') };
  }

  it('/api/config turns on each configured provider, in the configured order', async () => {
    const config = (await (await server.api('/api/config')).json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      socialLoginEnabled: true,
      socialLogins: ['apple', 'github', 'google', 'discord', 'facebook'],
      googleLoginEnabled: true,
      githubLoginEnabled: true,
      discordLoginEnabled: true,
      facebookLoginEnabled: true,
      appleLoginEnabled: true,
      openidLoginEnabled: false,
      samlLoginEnabled: false,
    });
  });

  // A provider's picture is never kept as its address (the pages load pictures from Parley only):
  // it is copied at sign-in (provider-avatar.test.ts), and one that cannot be fetched, as
  // example.com here, leaves no avatar.
  it.each([
    ['google', { name: 'Gina Google' }, { name: 'Gina Google', avatar: null }],
    ['github', { name: 'Gus Hub', login: 'gushub' }, { name: 'Gus Hub', username: 'gushub' }],
    ['discord', { name: 'Dee Cord', login: 'deecord' }, { name: 'Dee Cord', username: 'deecord' }],
    ['facebook', { name: 'Fay Book' }, { name: 'Fay Book', avatar: null }],
    ['apple', { name: 'Abe Apple' }, { name: 'Abe Apple' }],
  ] as const)(
    '%s: a first sign-in creates the account with its profile and lands on /c/new',
    async (provider, account, expected) => {
      const email = uniqueEmail(provider);
      oauth.signIn[provider] = { id: numericId(), email, emailVerified: true, ...account };
      const outcome = await walk(provider);
      expect(outcome.url).toBe(`http://127.0.0.1:${port}/c/new`);
      const { user } = await sessionUser(server, outcome.refresh!);
      expect(user).toMatchObject({ email, provider, ...expected });
      // The same person again: the same account.
      const again = await walk(provider);
      expect((await sessionUser(server, again.refresh!)).user.id).toBe(user.id);
    },
  );

  it.each(PROVIDERS)(
    '%s: a verified address held by a pre-registered account is refused, then linked by an administrator',
    async (provider) => {
      const email = uniqueEmail(`held-${provider}`);
      const holder = await signUp(server, email); // self-registered without mail: unproven
      oauth.signIn[provider] = { id: numericId(), email, emailVerified: true, name: 'Owner', login: 'owner' };
      const refused = await walk(provider);
      expect(failureReason(server, refused.url)).toBe('account_not_linked');
      expect(refused.refresh).toBeUndefined();
      const conflict = (await listLinkConflictsCommand(server.ctx.db)).find(
        (c) => c.provider === provider && c.email === email,
      )!;
      await expectRefusedLink(server, email, provider, conflict.subject);

      await linkIdentityCommand(server.ctx.db, conflict.id);
      const linked = await walk(provider);
      expect((await sessionUser(server, linked.refresh!)).user.id).toBe(holder.user.id);
    },
  );

  it.each(['google', 'github', 'discord', 'facebook'] as const)(
    '%s: the refused account holder links it from the account page, then it signs in there',
    async (provider) => {
      const email = uniqueEmail(`self-${provider}`);
      const holder = await signUp(server, email);
      oauth.signIn[provider] = { id: numericId(), email, emailVerified: true, name: 'Owner', login: 'owner' };
      expect(failureReason(server, (await walk(provider)).url)).toBe('account_not_linked');

      const browser = new BrowserSession();
      const start = await browser.request(`${server.url}/api/user/identities/link/${provider}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${holder.token}` },
      });
      expect(start.status).toBe(200);
      const { redirectUrl } = (await start.json()) as { redirectUrl: string };
      const { url } = await browser.follow(redirectUrl, [`${server.url}/c/`, `${server.url}/login`]);
      expect(new URL(url).searchParams.get('linked')).toBe(provider);
      expect(await listLinkConflictsCommand(server.ctx.db)).not.toContainEqual(
        expect.objectContaining({ provider, email }),
      );
      const signedIn = await walk(provider);
      expect((await sessionUser(server, signedIn.refresh!)).user.id).toBe(holder.user.id);
    },
  );

  it('Apple: the client secret is an ES256 JWT of the team for the service id', () => {
    expect(oauth.appleSecrets.length).toBeGreaterThan(0);
    const claims = oauth.appleSecrets[0]!;
    expect(claims).toMatchObject({ iss: 'TEAM123', sub: 'apple-client' });
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(300);
  });

  it.each(['google', 'github', 'discord', 'apple'] as const)(
    '%s: an address the provider has not verified neither creates nor links an account',
    async (provider) => {
      oauth.signIn[provider] = {
        id: numericId(),
        email: uniqueEmail('unv'),
        emailVerified: false,
        name: 'Unverified',
        login: 'unv',
      };
      const outcome = await walk(provider);
      expect(failureReason(server, outcome.url)).toBe('email_not_verified');
      expect(outcome.refresh).toBeUndefined();
    },
  );

  it.each(['wrong-key', 'other-audience', 'unsigned'] as const)(
    'refuses an ID token that is %s',
    async (fault) => {
      oauth.signIn.google = {
        id: `g-${fault}`,
        email: uniqueEmail('fault'),
        emailVerified: true,
        name: 'Faulty',
      };
      oauth.idTokenFault = fault;
      try {
        const outcome = await walk('google');
        expect(failureReason(server, outcome.url)).toBe('callback_failed');
      } finally {
        oauth.idTokenFault = 'none';
      }
    },
  );

  it('refuses a replayed code and a callback from another browser', async () => {
    oauth.signIn.github = {
      id: '4242',
      email: uniqueEmail('replay'),
      emailVerified: true,
      login: 'replayer',
    };
    const browser = new BrowserSession();
    const { url: callback } = await browser.follow(`${server.url}/oauth/github`, [
      `${server.url}/oauth/github/callback`,
    ]);
    const victim = new BrowserSession();
    await victim.request(`${server.url}/oauth/github`);
    // The victim's browser is handed the attacker's callback (login CSRF): its state does not match.
    const forced = await victim.request(callback);
    expect(failureReason(server, forced.headers.get('location')!)).toBe('invalid_state');
    const first = await browser.request(callback);
    expect(first.headers.get('location')).toBe(`http://127.0.0.1:${port}/c/new`);
    const again = await browser.request(callback);
    expect(failureReason(server, again.headers.get('location')!)).toBe('invalid_state');
  });

  it('GET /api/auth/google starts the Google sign-in', async () => {
    const res = await fetch(`${server.url}/api/auth/google`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location')!);
    expect(location.href.startsWith(oauth.endpoints.google.authorization)).toBe(true);
    expect(location.searchParams.get('redirect_uri')).toBe(`http://127.0.0.1:${port}/oauth/google/callback`);
  });

  it('the Apple form POST forwards only its own fields', async () => {
    const res = await fetch(`${server.url}/oauth/apple/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=c&state=s&redirect=https%3A%2F%2Fevil.example&user=%7B%7D',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/oauth/apple/callback?code=c&state=s&user=%7B%7D');
    const huge = await fetch(`${server.url}/oauth/apple/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `code=${'x'.repeat(100_000)}`,
      redirect: 'manual',
    });
    expect(huge.status).toBe(413);
  });

  it('with ALLOW_SOCIAL_LOGIN off, no social button and no social sign-in', async () => {
    const closed = await startTestServer({
      env: { ...env, PORT: '0', ALLOW_SOCIAL_LOGIN: 'false' },
      socialEndpoints: oauth.endpoints,
    });
    try {
      const config = (await (await closed.api('/api/config')).json()) as Record<string, unknown>;
      expect(config).toMatchObject({
        socialLoginEnabled: false,
        socialLogins: [],
        githubLoginEnabled: false,
      });
      const res = await fetch(`${closed.url}/oauth/github`, { redirect: 'manual' });
      expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('provider_disabled');
    } finally {
      await closed.stop();
    }
  }, 120_000);
});
