import { hasPermission, type Role } from '@parley/schema';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { forbidden, unauthorized } from '../../errors/app-error.ts';
import { toRole } from '../roles/role-service.ts';

/**
 * Who calls a route on a shareable entity (prompt groups, agents), read from the database: a
 * token may predate a role change.
 */
export interface SharedEntityCaller {
  id: string;
  name: string;
  /** ADMIN bypasses the author check. */
  isAdmin: boolean;
  role: Role | null;
}

/** The permissions of a feature whose entities are authored and may be shared with all users. */
export type SharingPermission = 'USE' | 'CREATE' | 'SHARED_GLOBAL';
/** The features whose entities follow that model (PROMPTS and AGENTS carry exactly those flags). */
export type SharingFeature = 'PROMPTS' | 'AGENTS';

export async function loadSharedEntityCaller(db: Database, userId: string): Promise<SharedEntityCaller> {
  // One statement for the user and their role: this runs on every chat request.
  const [user] = await db
    .select({ id: users.id, name: users.name, role: users.role, permissions: roles.permissions })
    .from(users)
    .leftJoin(roles, eq(roles.name, users.role))
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw unauthorized('User not found');
  return {
    id: user.id,
    name: user.name,
    isAdmin: user.role === 'ADMIN',
    role: user.permissions ? toRole(user.role, user.permissions) : null,
  };
}

/** 403 with the feature's wording unless the caller's role grants <feature>.<permission> exactly. */
export function requireSharingPermission(
  caller: Pick<SharedEntityCaller, 'role'>,
  feature: SharingFeature,
  permission: SharingPermission,
  denied: Record<SharingPermission, string>,
): void {
  if (!hasPermission(caller.role, feature, permission)) throw forbidden(denied[permission]);
}

/**
 * Changing an entity is for its author or an admin. Callers check visibility first, so
 * someone who cannot see the entity gets a 404 and only a reader who may not change it a 403.
 */
export function requireAuthorOrAdmin(caller: SharedEntityCaller, authorId: string, message: string): void {
  if (authorId !== caller.id && !caller.isAdmin) throw forbidden(message);
}
