import { randomBytes } from 'node:crypto';

/** 144 random bits, URL-safe: a share id cannot be guessed or enumerated. */
export function newShareId(): string {
  return randomBytes(18).toString('base64url');
}
