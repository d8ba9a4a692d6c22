import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Marks the account active now: called on every sign-in and session refresh (about once per
 * access-token lifetime), never per request, so it costs one small update every few minutes.
 */
export async function touchLastActive(db: Database, userId: string, now = new Date()): Promise<void> {
  await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
}
