import type { UserKeyExpiry } from '@parley/schema';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userKeys } from '../../db/schema/index.ts';
import { decryptSecret, encryptSecret } from './key-cipher.ts';

/** A user's stored key, decrypted. */
export interface StoredKey {
  value: string;
  expiresAt: Date | null;
}

/** Binds a ciphertext to its row: a value copied to another user or name does not decrypt. */
const aad = (userId: string, name: string) => `${userId}:${name}`;

/**
 * The user-key records. Values are encrypted before they reach the database and
 * decrypted only to call a provider; every query filters by the caller's id.
 */
export class KeyStore {
  constructor(
    private readonly db: Database,
    private readonly credsKey: string,
  ) {}

  /** Creates or replaces the caller's key for an endpoint. */
  async set(userId: string, name: string, value: string, expiresAt: Date | null): Promise<void> {
    const encrypted = encryptSecret(value, this.credsKey, aad(userId, name));
    const now = new Date();
    await this.db
      .insert(userKeys)
      .values({ userId, name, value: encrypted, expiresAt, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [userKeys.userId, userKeys.name],
        set: { value: encrypted, expiresAt, updatedAt: now },
      });
  }

  /** Whether a key is set and when it expires: null (none), "never", or an ISO date. */
  async expiry(userId: string, name: string): Promise<UserKeyExpiry> {
    const [row] = await this.db
      .select({ expiresAt: userKeys.expiresAt })
      .from(userKeys)
      .where(and(eq(userKeys.userId, userId), eq(userKeys.name, name)))
      .limit(1);
    if (!row) return { expiresAt: null };
    return { expiresAt: row.expiresAt ? row.expiresAt.toISOString() : 'never' };
  }

  /** The decrypted key, expired or not (the caller decides what expiry means), or null. */
  async get(userId: string, name: string): Promise<StoredKey | null> {
    const [row] = await this.db
      .select({ value: userKeys.value, expiresAt: userKeys.expiresAt })
      .from(userKeys)
      .where(and(eq(userKeys.userId, userId), eq(userKeys.name, name)))
      .limit(1);
    if (!row) return null;
    return { value: decryptSecret(row.value, this.credsKey, aad(userId, name)), expiresAt: row.expiresAt };
  }

  async delete(userId: string, name: string): Promise<void> {
    await this.db.delete(userKeys).where(and(eq(userKeys.userId, userId), eq(userKeys.name, name)));
  }

  async deleteAll(userId: string): Promise<void> {
    await this.db.delete(userKeys).where(eq(userKeys.userId, userId));
  }
}
