import { SignJWT, jwtVerify } from 'jose';

/** The cookie that binds an external sign-in attempt to the browser that started it. */
export const ATTEMPT_COOKIE = 'parley_sso';
/** Long enough to type a password and pass a second factor at the provider. */
export const ATTEMPT_TTL_SECONDS = 600;
const AUDIENCE = 'parley:sso-attempt';

/**
 * What the server must remember between sending the browser to the provider and its return:
 * which provider, the state the answer must echo, the ID token's expected nonce and the PKCE
 * verifier. Signed so that nobody can forge one; httpOnly so that page scripts cannot read it.
 */
export interface SignInAttempt {
  provider: string;
  state: string;
  nonce?: string;
  verifier?: string;
  /** SAML: the AuthnRequest id the response must answer; wallet: the SIWE nonce. */
  requestId?: string;
  /**
   * Set when a signed-in person started this attempt from the account page to link the external
   * sign-in to their own account: the account and its sign-in (refresh family). The callback
   * links to that account, and only while that sign-in is still live, instead of signing in.
   */
  linkUserId?: string;
  linkSessionId?: string;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(`${secret}:sso-attempt`);
}

/** `ttlSeconds`: how long the attempt may take; a wallet's signature needs far less than a provider's login. */
export async function sealAttempt(
  secret: string,
  attempt: SignInAttempt,
  ttlSeconds = ATTEMPT_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({ ...attempt })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key(secret));
}

/** The attempt, or null when the cookie is missing, forged, expired or malformed. */
export async function openAttempt(secret: string, cookie: string | undefined): Promise<SignInAttempt | null> {
  if (!cookie || cookie.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(cookie, key(secret), { audience: AUDIENCE, algorithms: ['HS256'] });
    const { provider, state, nonce, verifier, requestId, linkUserId, linkSessionId } = payload as Record<
      string,
      unknown
    >;
    if (typeof provider !== 'string' || typeof state !== 'string') return null;
    const optional = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return {
      provider,
      state,
      nonce: optional(nonce),
      verifier: optional(verifier),
      requestId: optional(requestId),
      linkUserId: optional(linkUserId),
      linkSessionId: optional(linkSessionId),
    };
  } catch {
    return null;
  }
}
