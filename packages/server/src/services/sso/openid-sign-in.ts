import type { Configuration } from 'openid-client';
import { decodeJwt } from 'jose';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/app-config.ts';
import type { SignInAttempt } from './attempt-cookie.ts';
import {
  avatarClaim,
  emailClaim,
  stringClaim,
  verifiedClaim,
  type ExternalProfile,
} from './external-profile.ts';
import { assertSecureProviderUrl, isLoopbackUrl } from './loopback.ts';
import { loadOpenIdClient, type OpenIdClient } from './openid-client-library.ts';
import { SsoError } from './sso-error.ts';
import { callbackUrl, type CompletedSignIn, type RedirectSignIn, type SignInStart } from './sso-flow.ts';

/** How long a failed discovery is remembered before the next sign-in tries again. */
const RETRY_DISCOVERY_MS = 30_000;

/** The OPENID_* settings, or null when OpenID Connect is not configured. */
export interface OpenIdSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  scope: string;
  redirectUri: string;
  requiredRole?: { role: string; path: string; tokenKind: 'id' | 'access' };
  usernameClaim?: string;
  nameClaim?: string;
  useEndSession: boolean;
  postLogoutRedirectUri: string;
}

export function openIdSettings(config: AppConfig): OpenIdSettings | null {
  const { env } = config;
  if (!env.OPENID_ISSUER || !env.OPENID_CLIENT_ID || !env.OPENID_CLIENT_SECRET) return null;
  const issuer = new URL(env.OPENID_ISSUER);
  assertSecureProviderUrl(issuer, 'OPENID_ISSUER');
  return {
    issuer,
    clientId: env.OPENID_CLIENT_ID,
    clientSecret: env.OPENID_CLIENT_SECRET,
    scope: env.OPENID_SCOPE,
    redirectUri: callbackUrl(config.serverDomain, env.OPENID_CALLBACK_URL, 'openid'),
    requiredRole: env.OPENID_REQUIRED_ROLE
      ? {
          role: env.OPENID_REQUIRED_ROLE,
          path: env.OPENID_REQUIRED_ROLE_PARAMETER_PATH ?? 'roles',
          tokenKind: env.OPENID_REQUIRED_ROLE_TOKEN_KIND,
        }
      : undefined,
    usernameClaim: env.OPENID_USERNAME_CLAIM,
    nameClaim: env.OPENID_NAME_CLAIM,
    useEndSession: env.OPENID_USE_END_SESSION_ENDPOINT,
    postLogoutRedirectUri: new URL('/login?redirect=false', config.clientDomain).href,
  };
}

/**
 * OpenID Connect sign-in with openid-client: discovery, authorization code with PKCE (S256),
 * state and nonce, ID-token validation (issuer, audience, signature, expiry, nonce), then the
 * userinfo endpoint for the profile.
 */
export class OpenIdSignIn implements RedirectSignIn {
  readonly provider = 'openid';
  private config: Configuration | null = null;
  /** The library, kept once discovery succeeded, for the logout address (which is not awaited). */
  private oidc: OpenIdClient | null = null;
  private discovering: Promise<Configuration | null> | null = null;
  private failedAt = 0;

  constructor(
    private readonly settings: OpenIdSettings,
    private readonly logger: Logger,
  ) {}

  ready(): boolean {
    return this.config !== null;
  }

  /** Reads the discovery document once; a failure is logged and retried after a pause. */
  async discover(): Promise<Configuration | null> {
    if (this.config) return this.config;
    if (this.discovering) return this.discovering;
    if (this.failedAt && Date.now() - this.failedAt < RETRY_DISCOVERY_MS) return null;
    this.discovering = (async () => {
      try {
        const insecure = this.settings.issuer.protocol === 'http:' && isLoopbackUrl(this.settings.issuer);
        const oidc = await loadOpenIdClient();
        this.config = await oidc.discovery(
          this.settings.issuer,
          this.settings.clientId,
          this.settings.clientSecret,
          undefined,
          { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: 10 },
        );
        // Check ID-token signatures against the issuer's keys too, not only the TLS connection.
        oidc.enableNonRepudiationChecks(this.config);
        this.oidc = oidc;
        this.failedAt = 0;
        return this.config;
      } catch (err) {
        this.failedAt = Date.now();
        this.logger.error({ err, issuer: this.settings.issuer.href }, 'OpenID discovery failed');
        return null;
      } finally {
        this.discovering = null;
      }
    })();
    return this.discovering;
  }

  async begin(): Promise<SignInStart> {
    const config = await this.discover();
    if (!config) throw new SsoError('provider_disabled', 'The OpenID provider cannot be reached.');
    const oidc = await loadOpenIdClient();
    const verifier = oidc.randomPKCECodeVerifier();
    const attempt: SignInAttempt = {
      provider: this.provider,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: this.settings.scope,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: attempt.state,
      nonce: attempt.nonce!,
    });
    return { redirectUrl: url.href, attempt };
  }

  async complete(query: URLSearchParams, attempt: SignInAttempt): Promise<CompletedSignIn> {
    const config = await this.discover();
    if (!config) throw new SsoError('provider_disabled', 'The OpenID provider cannot be reached.');
    const oidc = await loadOpenIdClient();
    const current = new URL(this.settings.redirectUri);
    current.search = query.toString();
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: attempt.verifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the token answer carried no ID token');
    this.checkRequiredRole(claims, tokens.access_token);
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    return { profile: this.profile({ ...claims, ...userinfo }) };
  }

  logoutUrl(): string | undefined {
    if (!this.config || !this.oidc || !this.settings.useEndSession) return undefined;
    if (!this.config.serverMetadata().end_session_endpoint) return undefined;
    return this.oidc.buildEndSessionUrl(this.config, {
      client_id: this.settings.clientId,
      post_logout_redirect_uri: this.settings.postLogoutRedirectUri,
    }).href;
  }

  private checkRequiredRole(idClaims: Record<string, unknown>, accessToken: string): void {
    const required = this.settings.requiredRole;
    if (!required) return;
    let source: Record<string, unknown> = idClaims;
    if (required.tokenKind === 'access') {
      // The access token came straight from the token endpoint over a checked connection; its
      // claims are read, not verified (many providers do not publish keys for access tokens).
      try {
        source = decodeJwt(accessToken);
      } catch {
        throw new SsoError('role_required', 'The access token carries no roles.');
      }
    }
    const value = required.path
      .split('.')
      .reduce<unknown>(
        (node, key) =>
          node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
        source,
      );
    const roles = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
    if (!roles.includes(required.role)) {
      throw new SsoError('role_required', `The account lacks the role ${required.role}.`);
    }
  }

  private profile(claims: Record<string, unknown>): ExternalProfile {
    const s = this.settings;
    const username =
      stringClaim(s.usernameClaim ? claims[s.usernameClaim] : undefined) ??
      stringClaim(claims.preferred_username) ??
      stringClaim(claims.username);
    const name =
      stringClaim(s.nameClaim ? claims[s.nameClaim] : undefined) ??
      stringClaim(claims.name) ??
      ([stringClaim(claims.given_name), stringClaim(claims.family_name)].filter(Boolean).join(' ') ||
        undefined);
    return {
      provider: this.provider,
      subject: String(claims.sub),
      email: emailClaim(claims.email),
      emailVerified: verifiedClaim(claims.email_verified),
      name,
      username,
      avatar: avatarClaim(claims.picture),
    };
  }
}
