import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { memories, memoryPreferences, type MemoryRow } from '../../db/schema/index.ts';

/** A database or a transaction: every function here runs in either. */
export type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Every query here filters by the owner's id: a user reaches only their own memories. */
export function listMemories(db: Db, userId: string): Promise<MemoryRow[]> {
  return db
    .select()
    .from(memories)
    .where(eq(memories.userId, userId))
    .orderBy(desc(memories.updatedAt), memories.key);
}

export async function findMemory(db: Db, userId: string, key: string): Promise<MemoryRow | null> {
  const [row] = await db
    .select()
    .from(memories)
    .where(and(eq(memories.userId, userId), eq(memories.key, key)))
    .limit(1);
  return row ?? null;
}

/** Tokens of all of a user's memories. */
export async function totalMemoryTokens(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${memories.tokenCount}), 0)::int` })
    .from(memories)
    .where(eq(memories.userId, userId));
  return Number(row?.total ?? 0);
}

/**
 * Serialises one user's memory writes until the transaction ends, so two concurrent writes cannot
 * both fit under the token limit and together overfill it.
 */
export async function lockUserMemories(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'memories:' + userId}))`);
}

export async function insertMemory(
  db: Db,
  row: { userId: string; key: string; value: string; tokenCount: number },
): Promise<MemoryRow | null> {
  const [created] = await db.insert(memories).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function replaceMemory(
  db: Db,
  userId: string,
  key: string,
  next: { key: string; value: string; tokenCount: number },
): Promise<MemoryRow | null> {
  const [updated] = await db
    .update(memories)
    .set({ ...next, updatedAt: new Date() })
    .where(and(eq(memories.userId, userId), eq(memories.key, key)))
    .returning();
  return updated ?? null;
}

export async function deleteMemory(db: Db, userId: string, key: string): Promise<boolean> {
  const deleted = await db
    .delete(memories)
    .where(and(eq(memories.userId, userId), eq(memories.key, key)))
    .returning({ key: memories.key });
  return deleted.length > 0;
}

/** Whether the user keeps memories on; on when they never chose. */
/**
 * The user's memories for a chat, in one statement: none when `personalized` and the user turned
 * memories off (a user without a stored preference uses them).
 */
export function listMemoriesForChat(db: Db, userId: string, personalized: boolean): Promise<MemoryRow[]> {
  const optedIn = sql`coalesce((select ${memoryPreferences.useMemories} from ${memoryPreferences} where ${memoryPreferences.userId} = ${userId}), true)`;
  return db
    .select()
    .from(memories)
    .where(personalized ? and(eq(memories.userId, userId), optedIn) : eq(memories.userId, userId))
    .orderBy(desc(memories.updatedAt), memories.key);
}

export async function usesMemories(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ useMemories: memoryPreferences.useMemories })
    .from(memoryPreferences)
    .where(eq(memoryPreferences.userId, userId))
    .limit(1);
  return row?.useMemories ?? true;
}

export async function setUsesMemories(db: Db, userId: string, useMemories: boolean): Promise<void> {
  await db
    .insert(memoryPreferences)
    .values({ userId, useMemories })
    .onConflictDoUpdate({ target: memoryPreferences.userId, set: { useMemories } });
}
