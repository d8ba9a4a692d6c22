import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { externalIdentities, users } from '../../src/db/schema/index.ts';

/**
 * Migration 0022's backfill, run on rows as they stood before it (no proof, no link reason):
 * accounts without a password were made by a sign-in, so they and their links get a reason;
 * password accounts stay unproven and their links unexplained, for the operator's report.
 */
describe('migration 0022 backfills link proofs', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
  });
  afterAll(() => database.close());

  const backfill = () =>
    readFileSync(join(MIGRATIONS_FOLDER, '0022_link_proofs.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE'));

  it('marks password-less accounts and their links, and leaves password accounts for review', async () => {
    const db = database.db;
    const [bySignIn] = await db
      .insert(users)
      .values({ name: 'By Sign-in', email: 'made@example.com', emailVerified: true })
      .returning();
    const [withPassword] = await db
      .insert(users)
      .values({ name: 'Registered', email: 'reg@example.com', emailVerified: true, passwordHash: 'x' })
      .returning();
    await db.insert(externalIdentities).values([
      { userId: bySignIn!.id, provider: 'openid', subject: 'a' },
      { userId: withPassword!.id, provider: 'wallet', subject: 'b' },
    ]);
    const statements = backfill();
    expect(statements).toHaveLength(2);
    for (const statement of statements) await db.execute(sql.raw(statement));

    const proof = async (id: string) =>
      (await db.select({ p: users.emailProof }).from(users).where(eq(users.id, id)))[0]!.p;
    const reason = async (subject: string) =>
      (
        await db
          .select({ r: externalIdentities.linkedBy })
          .from(externalIdentities)
          .where(eq(externalIdentities.subject, subject))
      )[0]!.r;
    expect(await proof(bySignIn!.id)).toBe('provider');
    expect(await reason('a')).toBe('sign-up');
    expect(await proof(withPassword!.id)).toBeNull();
    expect(await reason('b')).toBeNull();
  });
});
