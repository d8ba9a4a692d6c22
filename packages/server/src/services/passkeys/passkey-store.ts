import { PASSKEY_MESSAGES as M, type Passkey } from '@parley/schema';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passkeys, type PasskeyRow } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';

/** The settings list's view of a passkey: never the key material or the counter. */
export function toPublicPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  };
}

export async function listPasskeys(db: Database, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function countPasskeys(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

export async function findPasskeyByCredentialId(
  db: Database,
  credentialId: string,
): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row ?? null;
}

/** Renames one of the caller's passkeys; another person's id is answered as not found. */
export async function renamePasskey(
  db: Database,
  userId: string,
  id: string,
  name: string,
): Promise<Passkey> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound(M.notFound);
  return toPublicPasskey(row);
}

/** Removes one of the caller's passkeys; it can no longer sign in from that moment. */
export async function removePasskey(db: Database, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (gone.length === 0) throw notFound(M.notFound);
}

/**
 * Records a sign-in's new signature counter, only if no other sign-in moved it meanwhile: of two
 * assertions checked at once against the same stored counter, one wins.
 */
export async function recordPasskeyUse(
  db: Database,
  row: PasskeyRow,
  newCounter: number,
  now = new Date(),
): Promise<boolean> {
  const updated = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, row.id), eq(passkeys.counter, row.counter)))
    .returning({ id: passkeys.id });
  return updated.length === 1;
}
