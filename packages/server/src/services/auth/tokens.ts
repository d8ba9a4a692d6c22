import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A fresh opaque token: 32 random bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The successor of a refresh token, derived rather than stored: every request presenting the
 * same token inside the grace window computes the same successor without any secret at rest.
 */
export function successorToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url');
}
