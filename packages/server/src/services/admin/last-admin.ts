import { and, count, eq, ne, or, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import { conflict } from '../../errors/app-error.ts';

/** Serialises every change that could remove an administrator, across instances. */
const ADMINS_LOCK = sql`select pg_advisory_xact_lock(hashtext('parley:administrators'))`;

export const LAST_ADMIN_MESSAGE =
  'This is the last administrator: make another account an administrator first.';

/**
 * Runs `change` in a transaction that first makes sure `target` is not the instance's last
 * active (unbanned) administrator. Two administrators demoting each other at once serialise on
 * the lock, so one of them stays. Accounts that are not administrators pass straight through.
 */
export async function withAdministratorKept<T>(
  db: Database,
  target: UserRow,
  change: (tx: Database) => Promise<T>,
): Promise<T> {
  if (target.role !== 'ADMIN') return change(db);
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    await tx.execute(ADMINS_LOCK);
    const [others] = await tx
      .select({ n: count() })
      .from(users)
      .where(
        and(
          eq(users.role, 'ADMIN'),
          ne(users.id, target.id),
          or(isNull(users.bannedUntil), lte(users.bannedUntil, new Date())),
        ),
      );
    if ((others?.n ?? 0) === 0) throw conflict(LAST_ADMIN_MESSAGE);
    return change(tx);
  });
}
