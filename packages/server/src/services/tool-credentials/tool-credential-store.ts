import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { toolCredentials } from '../../db/schema/index.ts';
import { decryptSecret, encryptSecret } from '../keys/key-cipher.ts';

/** Binds a ciphertext to its row: a value copied to another user, tool or field does not decrypt. */
const aad = (userId: string, pluginKey: string, field: string) => `tool:${userId}:${pluginKey}:${field}`;

/**
 * Users' credentials for tools (POST /api/user/plugins). Values are encrypted under CREDS_KEY
 * before they reach the database and decrypted only to run the tool; every query filters by the
 * caller's id.
 */
export class ToolCredentialStore {
  constructor(
    private readonly db: Database,
    private readonly credsKey: string,
  ) {}

  /** Replaces the caller's credentials for a tool with `values` (field → value), in one transaction. */
  async set(userId: string, pluginKey: string, values: Record<string, string>): Promise<void> {
    const now = new Date();
    await this.db.transaction(async (tx) => {
      await tx
        .delete(toolCredentials)
        .where(and(eq(toolCredentials.userId, userId), eq(toolCredentials.pluginKey, pluginKey)));
      const rows = Object.entries(values).map(([field, value]) => ({
        userId,
        pluginKey,
        field,
        value: encryptSecret(value, this.credsKey, aad(userId, pluginKey, field)),
        createdAt: now,
        updatedAt: now,
      }));
      if (rows.length > 0) await tx.insert(toolCredentials).values(rows);
    });
  }

  /** Removes the caller's credentials for a tool; true when there were any. */
  async remove(userId: string, pluginKey: string): Promise<boolean> {
    const gone = await this.db
      .delete(toolCredentials)
      .where(and(eq(toolCredentials.userId, userId), eq(toolCredentials.pluginKey, pluginKey)))
      .returning({ field: toolCredentials.field });
    return gone.length > 0;
  }

  /** The decrypted credentials of one tool, by field. */
  async get(userId: string, pluginKey: string): Promise<Record<string, string>> {
    const rows = await this.db
      .select({ field: toolCredentials.field, value: toolCredentials.value })
      .from(toolCredentials)
      .where(and(eq(toolCredentials.userId, userId), eq(toolCredentials.pluginKey, pluginKey)));
    return Object.fromEntries(
      rows.map((r) => [r.field, decryptSecret(r.value, this.credsKey, aad(userId, pluginKey, r.field))]),
    );
  }

  /** Which fields the caller has stored, per tool, without decrypting anything. */
  async storedFields(userId: string, pluginKeys: readonly string[]): Promise<Map<string, Set<string>>> {
    const stored = new Map<string, Set<string>>();
    if (pluginKeys.length === 0) return stored;
    const rows = await this.db
      .select({ pluginKey: toolCredentials.pluginKey, field: toolCredentials.field })
      .from(toolCredentials)
      .where(and(eq(toolCredentials.userId, userId), inArray(toolCredentials.pluginKey, [...pluginKeys])));
    for (const row of rows) {
      const fields = stored.get(row.pluginKey) ?? new Set<string>();
      fields.add(row.field);
      stored.set(row.pluginKey, fields);
    }
    return stored;
  }
}
