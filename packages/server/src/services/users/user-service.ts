import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users, type EmailProof, type UserRow } from '../../db/schema/index.ts';
import { normalizeEmail } from './public-user.ts';

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

export interface NewUser {
  name: string;
  email: string;
  username?: string | null;
  passwordHash: string | null;
  emailVerified: boolean;
  /** What proves the address is the holder's (users.email_proof); none for a self-declared one. */
  emailProof?: EmailProof | null;
  /** Without a role the first account of the instance becomes ADMIN, every later one USER. */
  role?: 'USER' | 'ADMIN';
}

/** Serialises "is this the first account?" between concurrent registrations. */
export const FIRST_USER_LOCK = sql`select pg_advisory_xact_lock(hashtext('parley:first-user'))`;

/** Inserts an account; null when the email is taken. */
export async function createUser(db: Database, input: NewUser): Promise<UserRow | null> {
  const values = {
    name: input.name,
    email: normalizeEmail(input.email),
    username: input.username || null,
    passwordHash: input.passwordHash,
    emailVerified: input.emailVerified,
    emailProof: input.emailProof ?? null,
  };
  if (input.role) return insertUser(db, { ...values, role: input.role });
  // Once any account exists it stays USER; only an empty table needs the lock.
  if (await hasAnyUser(db)) return insertUser(db, { ...values, role: 'USER' });
  return db.transaction(async (tx) => {
    await tx.execute(FIRST_USER_LOCK);
    const role = (await hasAnyUser(tx as unknown as Database)) ? 'USER' : 'ADMIN';
    return insertUser(tx as unknown as Database, { ...values, role });
  });
}

/** Whether the instance has any account (setup is open only while it has none). */
export async function hasAnyUser(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

async function insertUser(db: Database, values: typeof users.$inferInsert): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/**
 * Removes the account; every table holding user data cascades from users.id. The projects it was
 * the only owner of go first (nobody could change, share or delete them afterwards); their other
 * members' conversations stay, outside any project.
 */
export async function deleteUser(db: Database, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from projects p
      where exists (select 1 from project_members m where m.project_id = p.id and m.user_id = ${id} and m.role = 'owner')
        and not exists (select 1 from project_members m where m.project_id = p.id and m.role = 'owner' and m.user_id <> ${id})`);
    const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  });
}

export async function setTermsAccepted(db: Database, id: string, accepted: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ termsAccepted: accepted, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function setPasswordHash(db: Database, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}

/** The holder followed the verification link sent to the address: it is proven theirs. */
export async function markEmailVerified(db: Database, id: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerified: true, emailProof: 'mail', updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Bans until `until` (null lifts the ban). */
export async function setBannedUntil(db: Database, id: string, until: Date | null): Promise<void> {
  await db.update(users).set({ bannedUntil: until, updatedAt: new Date() }).where(eq(users.id, id));
}
