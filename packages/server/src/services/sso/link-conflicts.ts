import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  externalIdentities,
  externalLinkConflicts,
  users,
  type ExternalLinkConflictRow,
} from '../../db/schema/index.ts';
import type { ExternalProfile } from './external-profile.ts';

/**
 * Refused links between an external sign-in and the local account holding its address, kept for
 * administrators (the admin CLI lists them and links them on request), one row per provider
 * subject: a repeated attempt only updates when it was last seen.
 */
export async function recordLinkConflict(
  db: Database,
  userId: string,
  profile: ExternalProfile & { email: string },
): Promise<void> {
  await db
    .insert(externalLinkConflicts)
    .values({ userId, provider: profile.provider, subject: profile.subject, email: profile.email })
    .onConflictDoUpdate({
      target: [externalLinkConflicts.provider, externalLinkConflicts.subject],
      set: { userId, email: profile.email, lastSeenAt: new Date() },
    });
}

/** Once an identity is linked, its earlier refusals are settled. */
export async function clearLinkConflict(db: Database, provider: string, subject: string): Promise<void> {
  await db
    .delete(externalLinkConflicts)
    .where(and(eq(externalLinkConflicts.provider, provider), eq(externalLinkConflicts.subject, subject)));
}

export async function listLinkConflicts(db: Database): Promise<ExternalLinkConflictRow[]> {
  return db.select().from(externalLinkConflicts).orderBy(asc(externalLinkConflicts.lastSeenAt));
}

export async function findLinkConflict(db: Database, id: string): Promise<ExternalLinkConflictRow | null> {
  const [row] = await db
    .select()
    .from(externalLinkConflicts)
    .where(eq(externalLinkConflicts.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Links the external identity of a recorded conflict to its account on an administrator's word,
 * and settles the conflict. False when the identity is linked already (to any account).
 */
export async function linkConflictByAdmin(db: Database, conflict: ExternalLinkConflictRow): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(externalIdentities)
      .values({
        userId: conflict.userId,
        provider: conflict.provider,
        subject: conflict.subject,
        email: conflict.email,
        emailVerified: true,
        linkedBy: 'admin',
      })
      .onConflictDoNothing()
      .returning({ id: externalIdentities.id });
    await tx.delete(externalLinkConflicts).where(eq(externalLinkConflicts.id, conflict.id));
    return rows.length > 0;
  });
}

/** An external identity linked before linking asked for a proof, on an account with a password. */
export interface UnprovenLink {
  identityId: string;
  email: string;
  provider: string;
  subject: string;
  linkedAt: Date;
  lastLoginAt: Date;
}

/**
 * Links made before this check existed whose reason is unknown, on accounts a password signs in
 * to: the ones a pre-registered account could have taken over. Accounts without a password were
 * made by the sign-in itself and are not listed (the migration marked their links `sign-up`).
 */
export async function listUnprovenLinks(db: Database): Promise<UnprovenLink[]> {
  const rows = await db
    .select({
      identityId: externalIdentities.id,
      email: users.email,
      provider: externalIdentities.provider,
      subject: externalIdentities.subject,
      linkedAt: externalIdentities.createdAt,
      lastLoginAt: externalIdentities.lastLoginAt,
      passwordHash: users.passwordHash,
    })
    .from(externalIdentities)
    .innerJoin(users, eq(users.id, externalIdentities.userId))
    .where(isNull(externalIdentities.linkedBy))
    .orderBy(asc(externalIdentities.createdAt));
  return rows.filter((r) => r.passwordHash !== null).map(({ passwordHash: _, ...link }) => link);
}

/** An administrator reviewed an unproven link and keeps it: it leaves the report. */
export async function confirmLinkByAdmin(db: Database, identityId: string): Promise<boolean> {
  const rows = await db
    .update(externalIdentities)
    .set({ linkedBy: 'admin' })
    .where(and(eq(externalIdentities.id, identityId), isNull(externalIdentities.linkedBy)))
    .returning({ id: externalIdentities.id });
  return rows.length > 0;
}

/** Removes an external identity's link (an administrator found it was not the holder's). */
export async function unlinkIdentity(db: Database, identityId: string): Promise<boolean> {
  const rows = await db
    .delete(externalIdentities)
    .where(eq(externalIdentities.id, identityId))
    .returning({ id: externalIdentities.id });
  return rows.length > 0;
}
