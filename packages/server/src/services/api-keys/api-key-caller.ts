import { hasPermission } from '@parley/schema';
import { eq } from 'drizzle-orm';
import type { Bus } from '../../bus/bus.ts';
import type { AuthUser } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { apiKeys, users } from '../../db/schema/index.ts';
import { ShortLivedCache } from '../cache/short-lived-cache.ts';
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

/** A key's row and its owner as a check reads them. */
interface KeyRecord {
  secretHash: string;
  expiresAt: Date | null;
  userId: string;
  role: string;
  bannedUntil: Date | null;
}

/**
 * How long an instance reuses what it read of a key. Revocation does not wait for it (see
 * `markApiKeyRevoked`) and expiry is checked against the clock on every call; what it bounds is
 * an owner's ban, role change or deleted account, as the web session check does.
 */
const CACHE_MS = 5_000;
/** A revoked key's mark on the Bus outlives every instance's cached read of it. */
const REVOKED_MARK_MS = 4 * CACHE_MS;
const revokedMark = (id: string) => `apikey:revoked:${id}`;
const caches = new WeakMap<Database, ShortLivedCache<KeyRecord | null>>();

function cacheOf(db: Database): ShortLivedCache<KeyRecord | null> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ShortLivedCache(CACHE_MS, 10_000)));
  return cache;
}

/**
 * The caller a personal key stands for. The key's row is read once every few seconds per
 * instance, and on every call the Bus is asked whether the key was revoked since (a read of shared
 * memory, where the database would be a query per call) and its expiry is compared with the
 * clock: a revoked or expired key is refused at once on every instance. A well-formed key whose
 * secret does not match, a deleted one, or anything that is not a personal key (a web session's
 * token) is `invalid`; so is a key of an owner an administrator banned (the same answer, so a
 * guesser learns nothing). An owner whose role no longer allows API keys gets `not_allowed`.
 */
export async function apiKeyCaller(
  db: Database,
  bus: Bus,
  presented: string,
  now = new Date(),
): Promise<ApiKeyCaller | KeyRefusal> {
  const parsed = parseApiKey(presented);
  if (!parsed) return 'invalid';
  const [record, revoked] = await Promise.all([
    cacheOf(db).get(parsed.id, () => readKey(db, parsed.id)),
    bus.get(revokedMark(parsed.id)),
  ]);
  if (!record || revoked !== null || !secretMatches(parsed.secret, record.secretHash)) return 'invalid';
  if (isBanned(record, now)) return 'invalid';
  if (record.expiresAt && record.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (!hasPermission(await currentRole(db, record.role), 'API_KEYS', 'USE')) return 'not_allowed';
  return { user: { id: record.userId, role: record.role }, keyId: parsed.id };
}

/**
 * After a key's row was deleted: marks it revoked on the Bus, which every instance reads on every
 * call, so none lets it through again whatever it has cached.
 */
export async function markApiKeyRevoked(db: Database, bus: Bus, id: string): Promise<void> {
  cacheOf(db).forget(id);
  await bus.set(revokedMark(id), '1', REVOKED_MARK_MS);
}

async function readKey(db: Database, id: string): Promise<KeyRecord | null> {
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
    .where(eq(apiKeys.id, id))
    .limit(1);
  return row ?? null;
}
