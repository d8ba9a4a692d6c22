import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, jwtVerify, type CryptoKey, type JWK } from 'jose';
import type { SocialEndpoints, SocialProviderName } from '../../src/services/sso/social-providers.ts';

/** A person at the local social provider. */
export interface SocialAccount {
  id: string;
  email: string;
  emailVerified: boolean;
  name?: string;
  login?: string;
}

/** How the next answer misbehaves, for the attack tests. */
export type IdTokenFault = 'none' | 'wrong-key' | 'other-audience' | 'unsigned';

interface PendingCode {
  provider: SocialProviderName;
  account: SocialAccount;
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  nonce: string | null;
}

export interface TestSocialProvider {
  url: string;
  /** Endpoint overrides for Parley: every provider's shapes, served here. */
  endpoints: Record<SocialProviderName, SocialEndpoints>;
  /** The account that "signs in" at the next authorization request of each provider. */
  signIn: Partial<Record<SocialProviderName, SocialAccount>>;
  idTokenFault: IdTokenFault;
  /** Apple client secrets this server accepted (their claims), to check what Parley signed. */
  appleSecrets: Record<string, unknown>[];
  stop(): Promise<void>;
}

/**
 * A local OAuth 2 server that speaks each social provider's shapes: Google's and Apple's ID
 * tokens (RS256, with a JWKS), GitHub's profile plus e-mail list, Discord's `@me`, Facebook's
 * Graph `me`, Apple's form POST answer and its ES256 client-secret JWT. It checks client
 * credentials, redirect URIs, single use of codes and PKCE like the real providers.
 */
export async function startTestSocialProvider(opts: {
  clients: Partial<Record<SocialProviderName, { clientId: string; clientSecret?: string }>>;
  redirectUris: string[];
  /** Apple: the team, key id and public key its client secret must be signed with. */
  apple?: { teamId: string; keyId: string; publicKey: CryptoKey };
}): Promise<TestSocialProvider> {
  const signing = await generateKeyPair('RS256');
  const rogue = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(signing.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, { provider: SocialProviderName; account: SocialAccount }>();
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const at = (p: string, path: string) => `${url}/${p}${path}`;
  const endpoints: TestSocialProvider['endpoints'] = {
    google: {
      authorization: at('google', '/authorize'),
      token: at('google', '/token'),
      profile: at('google', '/userinfo'),
      issuer: at('google', ''),
      jwks: at('google', '/jwks'),
    },
    github: {
      authorization: at('github', '/authorize'),
      token: at('github', '/token'),
      profile: at('github', '/user'),
      emails: at('github', '/user/emails'),
    },
    discord: {
      authorization: at('discord', '/authorize'),
      token: at('discord', '/token'),
      profile: at('discord', '/users/@me'),
    },
    facebook: {
      authorization: at('facebook', '/authorize'),
      token: at('facebook', '/token'),
      profile: at('facebook', '/me?fields=id,name,email,picture.type(large)'),
    },
    apple: {
      authorization: at('apple', '/authorize'),
      token: at('apple', '/token'),
      issuer: at('apple', ''),
      jwks: at('apple', '/jwks'),
    },
  };
  const state: TestSocialProvider = {
    url,
    endpoints,
    signIn: {},
    idTokenFault: 'none',
    appleSecrets: [],
    stop: () => new Promise((resolve) => http.close(() => resolve())),
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function authorize(provider: SocialProviderName, q: URLSearchParams, res: ServerResponse) {
    const client = opts.clients[provider];
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!client || q.get('client_id') !== client.clientId) return json(res, 400, { error: 'invalid_client' });
    if (!opts.redirectUris.includes(redirectUri)) return json(res, 400, { error: 'redirect_uri_mismatch' });
    const account = state.signIn[provider];
    if (!account) return json(res, 400, { error: 'nobody signs in' });
    const code = randomBytes(16).toString('hex');
    codes.set(code, {
      provider,
      account,
      clientId: client.clientId,
      redirectUri,
      challenge: q.get('code_challenge'),
      nonce: q.get('nonce'),
    });
    const answer = new URLSearchParams({ code, state: q.get('state') ?? '' });
    if (provider === 'apple' && account.name) {
      const [firstName, ...rest] = account.name.split(' ');
      answer.set(
        'user',
        JSON.stringify({ name: { firstName, lastName: rest.join(' ') }, email: account.email }),
      );
    }
    if (q.get('response_mode') === 'form_post') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const fields = [...answer].map(([k, v]) => `<input type="hidden" name="${k}" value='${v}'>`).join('');
      return res.end(`<form method="post" action="${redirectUri}">${fields}</form>`);
    }
    res.writeHead(302, { location: `${redirectUri}?${answer}` });
    res.end();
  }

  async function checkClient(provider: SocialProviderName, form: URLSearchParams): Promise<boolean> {
    const client = opts.clients[provider]!;
    if (form.get('client_id') !== client.clientId) return false;
    if (provider !== 'apple') return form.get('client_secret') === client.clientSecret;
    try {
      const { payload, protectedHeader } = await jwtVerify(
        form.get('client_secret') ?? '',
        opts.apple!.publicKey,
        {
          algorithms: ['ES256'],
          issuer: opts.apple!.teamId,
          subject: client.clientId,
          audience: endpoints.apple.issuer,
        },
      );
      if (protectedHeader.kid !== opts.apple!.keyId) return false;
      state.appleSecrets.push(payload);
      return true;
    } catch {
      return false;
    }
  }

  async function idToken(provider: SocialProviderName, pending: PendingCode): Promise<string> {
    const claims = {
      sub: pending.account.id,
      email: pending.account.email,
      // Apple sends the flag as a string.
      email_verified:
        provider === 'apple' ? String(pending.account.emailVerified) : pending.account.emailVerified,
      ...(pending.nonce ? { nonce: pending.nonce } : {}),
    };
    const fault = state.idTokenFault;
    const audience = fault === 'other-audience' ? 'someone-else' : pending.clientId;
    if (fault === 'unsigned') {
      const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      return `${part({ alg: 'none' })}.${part({ ...claims, iss: endpoints[provider].issuer, aud: audience, iat: now, exp: now + 300 })}.`;
    }
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(endpoints[provider].issuer!)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(fault === 'wrong-key' ? rogue.privateKey : signing.privateKey);
  }

  async function token(provider: SocialProviderName, form: URLSearchParams, res: ServerResponse) {
    if (!(await checkClient(provider, form))) return json(res, 401, { error: 'invalid_client' });
    const pending = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (!pending || pending.provider !== provider || pending.redirectUri !== form.get('redirect_uri')) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    if (pending.challenge) {
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE' });
      }
    }
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, { provider, account: pending.account });
    const withId = provider === 'google' || provider === 'apple';
    json(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      ...(withId ? { id_token: await idToken(provider, pending) } : {}),
    });
  }

  function profile(provider: SocialProviderName, path: string, a: SocialAccount): unknown {
    switch (provider) {
      case 'google':
        return {
          sub: a.id,
          email: a.email,
          email_verified: a.emailVerified,
          name: a.name,
          picture: 'https://example.com/g.png',
        };
      case 'github':
        if (path === '/user/emails') {
          return [
            {
              email: `noreply-${a.id}@users.noreply.example`,
              primary: false,
              verified: true,
              visibility: null,
            },
            { email: a.email, primary: true, verified: a.emailVerified, visibility: 'private' },
          ];
        }
        return {
          id: Number(a.id),
          login: a.login,
          name: a.name ?? null,
          email: null,
          avatar_url: 'https://example.com/gh.png',
        };
      case 'discord':
        return {
          id: a.id,
          username: a.login,
          global_name: a.name ?? null,
          email: a.email,
          verified: a.emailVerified,
          avatar: 'abc123',
        };
      case 'facebook':
        return {
          id: a.id,
          name: a.name,
          email: a.email,
          picture: { data: { url: 'https://example.com/fb.png' } },
        };
      default:
        return null;
    }
  }

  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const full = new URL(req.url ?? '/', url);
      const [, provider = '', ...rest] = full.pathname.split('/');
      const path = `/${rest.join('/')}`;
      const p = provider as SocialProviderName;
      if (!(p in endpoints)) return json(res, 404, { error: 'unknown provider' });
      if (path === '/authorize') return authorize(p, full.searchParams, res);
      if (path === '/jwks') return json(res, 200, { keys: [jwk] });
      if (path === '/token' && req.method === 'POST')
        return token(p, new URLSearchParams(await readBody(req)), res);
      const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const owner = bearer ? tokens.get(bearer) : undefined;
      if (!owner || owner.provider !== p) return json(res, 401, { message: 'Bad credentials' });
      const body = profile(p, path, owner.account);
      return body ? json(res, 200, body) : json(res, 404, { error: 'not found' });
    })().catch((err: unknown) => json(res, 500, { error: String(err) }));
  });
  return state;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
