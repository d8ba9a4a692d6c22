import { readFileSync } from 'node:fs';
import type { Configuration } from 'openid-client';
import { SignJWT, importPKCS8 } from 'jose';
import type { AppConfig } from '../../config/app-config.ts';
import type { SignInAttempt } from './attempt-cookie.ts';
import { assertSecureProviderUrl, isLoopbackUrl } from './loopback.ts';
import {
  SOCIAL_PROVIDERS_SPEC,
  type SocialEndpoints,
  type SocialProviderName,
  type SocialProviderSpec,
} from './social-providers.ts';
import { loadOpenIdClient } from './openid-client-library.ts';
import { callbackUrl, type CompletedSignIn, type RedirectSignIn, type SignInStart } from './sso-flow.ts';

/** Largest profile answer read from a provider. */
const MAX_PROFILE_BYTES = 256 * 1024;

export interface SocialSettings {
  name: SocialProviderName;
  clientId: string;
  /** Apple's secret is a short-lived JWT signed on demand; the others are fixed strings. */
  clientSecret: () => Promise<string>;
  redirectUri: string;
  spec: SocialProviderSpec;
}

/**
 * The configured social providers (`{NAME}_CLIENT_ID` and `_SECRET`, Apple's team, key id and
 * key file instead of a secret). `overrides` replaces endpoints, for tests against a local server.
 */
export function socialSettings(
  config: AppConfig,
  overrides: Partial<Record<SocialProviderName, Partial<SocialEndpoints>>> = {},
): SocialSettings[] {
  const { env } = config;
  const fixed = (secret: string) => () => Promise.resolve(secret);
  const found: SocialSettings[] = [];
  const add = (
    name: SocialProviderName,
    clientId: string | undefined,
    secret: (() => Promise<string>) | null,
  ) => {
    if (!clientId || !secret) return;
    const spec = { ...SOCIAL_PROVIDERS_SPEC[name] };
    spec.endpoints = { ...spec.endpoints, ...overrides[name] };
    for (const [what, url] of Object.entries(spec.endpoints)) {
      if (url) assertSecureProviderUrl(new URL(url), `${name} ${what} endpoint`);
    }
    const configured = env[`${name.toUpperCase()}_CALLBACK_URL` as 'GOOGLE_CALLBACK_URL'];
    found.push({
      name,
      clientId,
      clientSecret: secret,
      redirectUri: callbackUrl(config.serverDomain, configured, name),
      spec,
    });
  };
  const secretOf = (value: string | undefined) => (value ? fixed(value) : null);
  add('google', env.GOOGLE_CLIENT_ID, secretOf(env.GOOGLE_CLIENT_SECRET));
  add('github', env.GITHUB_CLIENT_ID, secretOf(env.GITHUB_CLIENT_SECRET));
  add('discord', env.DISCORD_CLIENT_ID, secretOf(env.DISCORD_CLIENT_SECRET));
  add('facebook', env.FACEBOOK_CLIENT_ID, secretOf(env.FACEBOOK_CLIENT_SECRET));
  if (env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY_PATH) {
    const audience = { ...SOCIAL_PROVIDERS_SPEC.apple.endpoints, ...overrides.apple }.issuer!;
    add(
      'apple',
      env.APPLE_CLIENT_ID,
      appleClientSecret({
        clientId: env.APPLE_CLIENT_ID,
        teamId: env.APPLE_TEAM_ID,
        keyId: env.APPLE_KEY_ID,
        privateKeyPem: readFileSync(env.APPLE_PRIVATE_KEY_PATH, 'utf8'),
        audience,
      }),
    );
  }
  return found;
}

/**
 * Apple takes no fixed client secret: each token request carries a JWT (ES256) that the team's
 * private key signs, naming the team as issuer and the service id as subject.
 */
export function appleClientSecret(opts: {
  clientId: string;
  teamId: string;
  keyId: string;
  privateKeyPem: string;
  audience: string;
}): () => Promise<string> {
  const key = importPKCS8(opts.privateKeyPem, 'ES256');
  return async () =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: opts.keyId })
      .setIssuer(opts.teamId)
      .setSubject(opts.clientId)
      .setAudience(opts.audience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(await key);
}

/**
 * A social sign-in: the OAuth 2 authorization-code flow through openid-client (state, PKCE where
 * the provider takes it, nonce and ID-token validation where it issues one), then the provider's
 * profile read with the access token and mapped to our profile shape.
 */
export class SocialSignIn implements RedirectSignIn {
  readonly provider: SocialProviderName;

  constructor(private readonly settings: SocialSettings) {
    this.provider = settings.name;
  }

  ready(): boolean {
    return true;
  }

  private get idTokenExpected(): boolean {
    return Boolean(this.settings.spec.endpoints.issuer && this.settings.spec.endpoints.jwks);
  }

  private async configuration(): Promise<Configuration> {
    const { endpoints } = this.settings.spec;
    const oidc = await loadOpenIdClient();
    const config = new oidc.Configuration(
      {
        issuer: endpoints.issuer ?? new URL(endpoints.authorization).origin,
        authorization_endpoint: endpoints.authorization,
        token_endpoint: endpoints.token,
        ...(endpoints.jwks ? { jwks_uri: endpoints.jwks } : {}),
      },
      this.settings.clientId,
      await this.settings.clientSecret(),
      oidc.ClientSecretPost(),
    );
    if (Object.values(endpoints).every((url) => !url || isLoopbackUrl(new URL(url)))) {
      oidc.allowInsecureRequests(config);
    }
    // Also check the ID token's signature against the provider's published keys, not only the
    // connection it arrived on.
    if (endpoints.jwks) oidc.enableNonRepudiationChecks(config);
    return config;
  }

  async begin(): Promise<SignInStart> {
    const { spec } = this.settings;
    const oidc = await loadOpenIdClient();
    const attempt: SignInAttempt = { provider: this.provider, state: oidc.randomState() };
    const params: Record<string, string> = {
      redirect_uri: this.settings.redirectUri,
      scope: spec.scope,
      response_type: 'code',
      state: attempt.state,
    };
    if (this.idTokenExpected) params.nonce = attempt.nonce = oidc.randomNonce();
    if (spec.pkce) {
      attempt.verifier = oidc.randomPKCECodeVerifier();
      params.code_challenge = await oidc.calculatePKCECodeChallenge(attempt.verifier);
      params.code_challenge_method = 'S256';
    }
    if (spec.responseMode) params.response_mode = spec.responseMode;
    return { redirectUrl: oidc.buildAuthorizationUrl(await this.configuration(), params).href, attempt };
  }

  async complete(query: URLSearchParams, attempt: SignInAttempt): Promise<CompletedSignIn> {
    const { spec } = this.settings;
    const config = await this.configuration();
    const oidc = await loadOpenIdClient();
    const current = new URL(this.settings.redirectUri);
    // Only the authorization answer's own fields reach the code exchange.
    for (const key of ['code', 'state', 'iss']) {
      const value = query.get(key);
      if (value !== null) current.searchParams.set(key, value);
    }
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: attempt.verifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: this.idTokenExpected,
    });
    const idClaims = tokens.claims() as Record<string, unknown> | undefined;
    let profile: Record<string, unknown>;
    if (spec.endpoints.profile) {
      profile = await this.read(config, tokens.access_token, spec.endpoints.profile);
      if (idClaims && profile.sub !== undefined && profile.sub !== idClaims.sub) {
        throw new Error('the profile belongs to another account than the ID token');
      }
    } else {
      profile = appleUser(query.get('user'));
    }
    const emails = spec.endpoints.emails
      ? await this.read(config, tokens.access_token, spec.endpoints.emails)
      : undefined;
    return { profile: spec.read(this.provider, { profile, emails, idClaims }) };
  }

  private async read(
    config: Configuration,
    accessToken: string,
    url: string,
  ): Promise<Record<string, unknown>> {
    const headers = new Headers({ accept: 'application/json', 'user-agent': 'Parley' });
    const oidc = await loadOpenIdClient();
    const res = await oidc.fetchProtectedResource(
      config,
      accessToken,
      new URL(url),
      'GET',
      undefined,
      headers,
    );
    if (!res.ok) throw new Error(`${this.provider} profile answered ${res.status}`);
    const text = await res.text();
    if (text.length > MAX_PROFILE_BYTES) throw new Error(`${this.provider} profile is too large`);
    return JSON.parse(text) as Record<string, unknown>;
  }
}

/** Apple's first-sign-in `user` field: `{"name":{"firstName":…,"lastName":…}}`; anything else is ignored. */
function appleUser(raw: string | null): Record<string, unknown> {
  if (!raw || raw.length > 4096) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
