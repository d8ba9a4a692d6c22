import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  /** User id. */
  sub: string;
  role: string;
  /** Session (refresh family) the token belongs to, so logout can revoke the right one. */
  sid?: string;
}

const ISSUER = 'parley';

/** Signs and verifies the short-lived access JWT (HS256) kept in the web app's memory. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: AccessClaims, ttlSeconds = this.ttlSeconds): Promise<string> {
    return new SignJWT({ role: claims.role, ...(claims.sid ? { sid: claims.sid } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  /** Returns the claims, or null for a token that is malformed, forged or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
      return {
        sub: payload.sub,
        role: payload.role,
        sid: typeof payload.sid === 'string' ? payload.sid : undefined,
      };
    } catch {
      return null;
    }
  }
}
