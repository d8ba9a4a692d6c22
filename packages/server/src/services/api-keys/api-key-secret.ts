import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX } from '@parley/schema';

/** Hex characters of a key's id (8 random bytes). */
const ID_LENGTH = 16;
/** A key's secret: 32 random bytes, base64url (43 characters). */
const SECRET_BYTES = 32;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}([0-9a-f]{${ID_LENGTH}})_([A-Za-z0-9_-]{43})$`);

/** A new key as it is handed out once, and what is stored of it. */
export interface MintedApiKey {
  id: string;
  /** The whole key: `pk-parley-<id>_<secret>`. */
  key: string;
  secretHash: string;
  hint: string;
}

/** A new random key: its id is public (it names the row), its secret is only ever hashed. */
export function mintApiKey(): MintedApiKey {
  const id = randomBytes(ID_LENGTH / 2).toString('hex');
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  const key = `${API_KEY_PREFIX}${id}_${secret}`;
  return { id, key, secretHash: hashSecret(secret), hint: `${key.slice(0, API_KEY_PREFIX.length + 6)}…` };
}

/** The id and secret of a well-formed key; null for anything else (a session token, garbage). */
export function parseApiKey(presented: string): { id: string; secret: string } | null {
  const match = KEY_PATTERN.exec(presented);
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * Whether a presented secret is the key's. Compared in constant time over the hashes (both are 32
 * bytes), so the time taken says nothing about how much of a guessed secret was right.
 */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === presented.length && timingSafeEqual(presented, stored);
}
