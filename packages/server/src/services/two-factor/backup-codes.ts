import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { BACKUP_CODE_COUNT, BACKUP_CODE_LENGTH, type BackupCodeState } from '@parley/schema';

/** Lower-case letters and digits without the look-alikes (0/o, 1/l/i), so codes read aloud well. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newBackupCode(): string {
  let code = '';
  for (let i = 0; i < BACKUP_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Codes are compared trimmed and lower-cased, so "ABCD2345 " from a printout still works. */
export function normalizeBackupCode(code: string): string {
  return code.trim().toLowerCase();
}

/**
 * An HMAC under CREDS_KEY bound to the account: 8 characters are too few to survive a plain
 * hash if the database leaks, but without the key the hashes cannot be tested offline, and a
 * hash copied to another account does not match there.
 */
export function hashBackupCode(code: string, userId: string, credsKey: string): string {
  return createHmac('sha256', Buffer.from(credsKey, 'hex'))
    .update(`backup-code:${userId}:${normalizeBackupCode(code)}`)
    .digest('hex');
}

/** Ten fresh codes (shown once) and what the account stores of them. */
export function newBackupCodes(
  userId: string,
  credsKey: string,
): { codes: string[]; stored: BackupCodeState[] } {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  return {
    codes,
    stored: codes.map((code) => ({
      codeHash: hashBackupCode(code, userId, credsKey),
      used: false,
      usedAt: null,
    })),
  };
}

/** Index of the unused stored code that `code` is, or -1. Compared in constant time. */
export function findUnusedBackupCode(
  stored: readonly BackupCodeState[],
  code: string,
  userId: string,
  credsKey: string,
): number {
  const hash = Buffer.from(hashBackupCode(code, userId, credsKey), 'hex');
  let found = -1;
  stored.forEach((entry, i) => {
    const candidate = Buffer.from(entry.codeHash, 'hex');
    if (candidate.length === hash.length && timingSafeEqual(candidate, hash) && !entry.used) found = i;
  });
  return found;
}
