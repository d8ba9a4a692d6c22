import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id (the enum is a const enum the isolated build cannot read, hence the literal). */
const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** A hash of a random password, verified against when the account does not exist (equal timing). */
let dummyHash: Promise<string> | null = null;

/**
 * Checks `password` against `stored`. Without a stored hash (unknown account, social-only
 * account) it still runs one verification so the answer time does not reveal which case it was.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false;
  }
}
