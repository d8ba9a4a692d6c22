import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/** A person the test identity provider knows; the claims are what it reports about them. */
export interface IdpAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  roles?: string[];
}

export interface TestOidcProvider {
  issuer: string;
  provider: Provider;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces an account. */
  account(account: IdpAccount): void;
  /** The account the next API-driven login picks without a form (null: show the login form). */
  autoLogin: string | null;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider (node-oidc-provider) on a loopback port, for tests. Its login
 * step is a plain HTML form (a username field) that Playwright fills in; API tests set
 * `autoLogin` to skip it. Consent is granted for whatever the client asked.
 */
export async function startTestOidcProvider(opts: {
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  clientId?: string;
  clientSecret?: string;
  /** Extra provider settings (e.g. a different signing algorithm). */
  configuration?: Partial<Configuration>;
}): Promise<TestOidcProvider> {
  const accounts = new Map<string, IdpAccount>();
  const clientId = opts.clientId ?? 'parley-test';
  const clientSecret = opts.clientSecret ?? 'a-client-secret-long-enough-for-hs256-xx';
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        post_logout_redirect_uris: opts.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'roles'],
    },
    conformIdTokenClaims: false,
    findAccount: (_ctx: KoaContextWithOIDC, id: string) => {
      const found = accounts.get(id);
      if (!found) return undefined;
      return { accountId: id, claims: () => ({ ...found }) };
    },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-idp-cookie-key'] },
    ...opts.configuration,
  });
  const callback = provider.callback();
  const idp: TestOidcProvider = {
    issuer,
    provider,
    clientId,
    clientSecret,
    autoLogin: null,
    account: (a) => void accounts.set(a.sub, a),
    stop: () => new Promise((resolve) => http.close(() => resolve())),
  };

  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '';
    if (!path.startsWith('/interaction/')) return void callback(req, res);
    void interact(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  async function interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const accountId =
        req.method === 'POST' ? new URLSearchParams(await body(req)).get('username') : idp.autoLogin;
      if (!accountId) return loginForm(res, details.uid);
      if (!accounts.has(accountId)) return loginForm(res, details.uid, 'Unknown user');
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({ accountId: details.session!.accountId, clientId });
    grant.addOIDCScope(String(details.params.scope));
    const missing = (details.prompt.details as { missingOIDCClaims?: string[] }).missingOIDCClaims;
    if (missing) grant.addOIDCClaims(missing);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }
  return idp;
}

function loginForm(res: ServerResponse, uid: string, problem = ''): void {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(`<!doctype html><title>Test IdP</title><h1>Test identity provider</h1>
<p>${problem}</p>
<form method="post" action="/interaction/${uid}">
<label>Username <input name="username" autofocus></label>
<button type="submit">Sign in</button></form>`);
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
