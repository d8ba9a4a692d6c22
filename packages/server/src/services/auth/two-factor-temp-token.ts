import { createHmac, randomUUID } from 'node:crypto';
import { TWO_FACTOR_TEMP_TOKEN_TTL_SECONDS } from '@parley/schema';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'parley';
const AUDIENCE = 'parley:2fa-pending';

export interface PendingSignIn {
  userId: string;
  /** Unique per sign-in attempt, so the step can be completed only once. */
  id: string;
  /** When the token stops being accepted (ms since the epoch). */
  expiresAtMs: number;
}

/**
 * The `tempToken` of a sign-in waiting for its second factor: a JWT under a key derived from
 * JWT_SECRET for this purpose alone, so it can never pass as an access token (and an access
 * token never passes as one of these).
 */
export class TwoFactorTempTokens {
  private readonly key: Uint8Array;

  constructor(
    jwtSecret: string,
    private readonly ttlSeconds = TWO_FACTOR_TEMP_TOKEN_TTL_SECONDS,
  ) {
    this.key = createHmac('sha256', jwtSecret).update('parley 2fa temp token').digest();
  }

  async sign(userId: string, now = Date.now()): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti(randomUUID())
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(now / 1000) + this.ttlSeconds)
      .sign(this.key);
  }

  /** The pending sign-in, or null for a token that is malformed, forged, of another kind or expired. */
  async read(token: string, now = Date.now()): Promise<PendingSignIn | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: new Date(now),
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.jti !== 'string' ||
        typeof payload.exp !== 'number'
      )
        return null;
      return { userId: payload.sub, id: payload.jti, expiresAtMs: payload.exp * 1000 };
    } catch {
      return null;
    }
  }
}
