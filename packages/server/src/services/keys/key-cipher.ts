import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Stored form: `v1:<iv>:<tag>:<ciphertext>`, each base64; the version leaves room for a new scheme. */
const VERSION = 'v1';

function keyBytes(credsKeyHex: string): Buffer {
  const key = Buffer.from(credsKeyHex, 'hex');
  if (key.length !== 32) throw new Error('CREDS_KEY must be 32 bytes (64 hex characters)');
  return key;
}

/**
 * Encrypts a secret at rest with AES-256-GCM under CREDS_KEY. A fresh random IV per value; the
 * auth tag makes any tampering (or a different key) fail on decryption instead of yielding junk.
 * `context` (e.g. user id and key name) is bound as additional data, so a ciphertext copied to
 * another user's row does not decrypt.
 */
export function encryptSecret(plain: string, credsKeyHex: string, context = ''): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyBytes(credsKeyHex), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64'),
    cipher.getAuthTag().toString('base64'),
    body.toString('base64'),
  ].join(':');
}

/** Decrypts what encryptSecret made; throws when the key, the context or the data do not match. */
export function decryptSecret(stored: string, credsKeyHex: string, context = ''): string {
  const [version, iv, tag, body] = stored.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unknown secret format');
  const decipher = createDecipheriv(ALGORITHM, keyBytes(credsKeyHex), Buffer.from(iv, 'base64'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}
