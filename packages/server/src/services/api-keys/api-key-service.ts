import {
  MAX_API_KEYS_PER_USER,
  type ApiKeyInfo,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@parley/schema';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Bus } from '../../bus/bus.ts';
import type { Database } from '../../db/client.ts';
import { apiKeys, users, type ApiKeyRow } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import { markApiKeyRevoked } from './api-key-caller.ts';
import { mintApiKey } from './api-key-secret.ts';

/**
 * A person's personal API keys: created (the key answered once), listed without their secret,
 * revoked. Every query filters by the owner's id; the administrator's view is below, apart.
 */

export async function createApiKey(
  db: Database,
  userId: string,
  body: CreateApiKeyBody,
): Promise<CreatedApiKey> {
  const [held] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
  if ((held?.n ?? 0) >= MAX_API_KEYS_PER_USER)
    throw conflict(`You have ${MAX_API_KEYS_PER_USER} API keys already; revoke one first.`);
  const minted = mintApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: minted.id,
      userId,
      name: body.name,
      secretHash: minted.secretHash,
      hint: minted.hint,
      expiresAt: body.expiresAt,
    })
    .returning();
  return { ...toInfo(row!), key: minted.key };
}

export async function listApiKeys(db: Database, userId: string): Promise<ApiKeyInfo[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(toInfo);
}

/**
 * Revokes one of the caller's keys (refused at once on every instance from the answer on);
 * another person's key is "not found", as a missing one.
 */
export async function deleteApiKey(db: Database, bus: Bus, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  if (deleted.length === 0) throw notFound('API key not found');
  await markApiKeyRevoked(db, bus, id);
}

/** A key with its owner, for the administration console's list (which comes with its own issue). */
export interface ApiKeyOfUser extends ApiKeyInfo {
  userId: string;
  userEmail: string;
}

/** Every key of every user, newest first: for administrators only (the caller checks the role). */
export async function listAllApiKeys(db: Database, limit = 500): Promise<ApiKeyOfUser[]> {
  const rows = await db
    .select({ key: apiKeys, email: users.email })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .orderBy(desc(apiKeys.createdAt))
    .limit(limit);
  return rows.map(({ key, email }) => ({ ...toInfo(key), userId: key.userId, userEmail: email }));
}

/** An administrator revokes any key; false when there was none. */
export async function revokeAnyApiKey(db: Database, bus: Bus, id: string): Promise<boolean> {
  const deleted = await db.delete(apiKeys).where(eq(apiKeys.id, id)).returning({ id: apiKeys.id });
  if (deleted.length === 0) return false;
  await markApiKeyRevoked(db, bus, id);
  return true;
}

/** Counts one call made with a key and the tokens it used. */
export async function recordApiKeyUsage(
  db: Database,
  id: string,
  usage: { promptTokens: number; completionTokens: number },
): Promise<void> {
  await db
    .update(apiKeys)
    .set({
      requests: sql`${apiKeys.requests} + 1`,
      promptTokens: sql`${apiKeys.promptTokens} + ${usage.promptTokens}`,
      completionTokens: sql`${apiKeys.completionTokens} + ${usage.completionTokens}`,
      lastUsedAt: new Date(),
    })
    .where(eq(apiKeys.id, id));
}

function toInfo(row: ApiKeyRow): ApiKeyInfo {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    usage: { requests: row.requests, promptTokens: row.promptTokens, completionTokens: row.completionTokens },
  };
}
