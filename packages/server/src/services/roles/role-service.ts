import {
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSIONS_BY_TYPE,
  ROLES,
  type Permission,
  type PermissionType,
  type Role,
  type RolePermissions,
} from '@parley/schema';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { roles } from '../../db/schema/index.ts';
import { ShortLivedCache } from '../cache/short-lived-cache.ts';

/** Creates the USER and ADMIN roles with the spec's defaults; existing roles keep their edits. */
export async function seedRoles(db: Database): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name, permissions: DEFAULT_ROLE_PERMISSIONS[name] })))
    .onConflictDoNothing();
}

/** Fills flags a stored role lacks (e.g. a feature added after it was saved) from the defaults. */
function withDefaults(name: string, stored: Partial<RolePermissions>): RolePermissions {
  const base =
    DEFAULT_ROLE_PERMISSIONS[name as keyof typeof DEFAULT_ROLE_PERMISSIONS] ?? DEFAULT_ROLE_PERMISSIONS.USER;
  const merged = {} as Record<string, Record<string, boolean>>;
  for (const type of Object.keys(PERMISSIONS_BY_TYPE) as PermissionType[]) {
    merged[type] = { ...base[type], ...(stored[type] ?? {}) };
  }
  return merged as RolePermissions;
}

export async function getRole(db: Database, name: string): Promise<Role | null> {
  const [row] = await db.select().from(roles).where(eq(roles.name, name)).limit(1);
  return row ? toRole(row.name, row.permissions) : null;
}

/**
 * How long a role read for a chat request is reused. The same bound as the session check's: an
 * administrator's change applies at once on the instance that made it and within this on others.
 */
const ROLE_CACHE_MS = 5_000;
const roleCaches = new WeakMap<Database, ShortLivedCache<Role | null>>();

/**
 * A role as `getRole` reads it, kept a few seconds per database: every chat request checks its
 * caller's permissions, and roles change rarely.
 */
export function currentRole(db: Database, name: string): Promise<Role | null> {
  let cache = roleCaches.get(db);
  if (!cache) roleCaches.set(db, (cache = new ShortLivedCache(ROLE_CACHE_MS, 100)));
  return cache.get(name, () => getRole(db, name));
}

/** A stored role as the services use it: every flag present (missing ones from the defaults). */
export function toRole(name: string, permissions: Partial<RolePermissions>): Role {
  return { name, permissions: withDefaults(name, permissions) };
}

/** Sets the given flags of one feature type; flags the type does not carry are ignored. */
export async function updateRolePermissions(
  db: Database,
  name: string,
  type: PermissionType,
  flags: Partial<Record<Permission, boolean>>,
): Promise<Role | null> {
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(roles).where(eq(roles.name, name)).for('update').limit(1);
    if (!row) return null;
    const current = withDefaults(name, row.permissions);
    const allowed = PERMISSIONS_BY_TYPE[type] as readonly Permission[];
    const next = { ...current[type] } as Record<string, boolean>;
    for (const [flag, value] of Object.entries(flags)) {
      if (value !== undefined && allowed.includes(flag as Permission)) next[flag] = value;
    }
    const permissions = { ...current, [type]: next } as RolePermissions;
    await tx.update(roles).set({ permissions, updatedAt: new Date() }).where(eq(roles.name, name));
    return { name, permissions };
  });
  roleCaches.get(db)?.forget(name);
  return updated;
}
