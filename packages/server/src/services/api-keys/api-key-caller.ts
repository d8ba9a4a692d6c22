import { hasPermission } from '@parley/schema';
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema/index.ts';
import { currentRole } from '../roles/role-service.ts';
import { isBanned } from '../users/public-user.ts';
import { parseApiKey, secretMatches } from './api-key-secret.ts';

/** Who calls `/v1/` with a personal key: the key's owner, and which key (for usage). */
export interface ApiKeyCaller {
  user: AuthUser;
  keyId: string;
}

/** Why a presented key opens nothing. */
export type KeyRefusal = 'invalid' | 'expired' | 'not_allowed';

/**
 * The caller a personal key stands for, read from the database on every call (no cache): a key
 * revoked or expired is refused at once on every instance. A well-formed key whose secret does not
 * match, a deleted one, or anything that is not a personal key (a web session's token) is
 * `invalid`; a key of a banned owner is `invalid` too (the ban answers elsewhere for sessions, but
 * a key must not tell a guesser whose it is). An owner whose role no longer allows API keys gets
 * `not_allowed`.
 */
export async function apiKeyCaller(
  db: Database,
  presented: string,
  now = new Date(),
): Promise<ApiKeyCaller | KeyRefusal> {
  const parsed = parseApiKey(presented);
  if (!parsed) return 'invalid';
  const [row] = await db
    .select({
      secretHash: apiKeys.secretHash,
      expiresAt: apiKeys.expiresAt,
      userId: users.id,
      role: users.role,
      bannedUntil: users.bannedUntil,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.id, parsed.id))
    .limit(1);
  if (!row || !secretMatches(parsed.secret, row.secretHash) || isBanned(row, now)) return 'invalid';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (!hasPermission(await currentRole(db, row.role), 'API_KEYS', 'USE')) return 'not_allowed';
  return { user: { id: row.userId, role: row.role }, keyId: parsed.id };
}
