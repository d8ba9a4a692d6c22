import type { Role } from '@parley/schema';
import type { AuthUser } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { currentRole } from '../roles/role-service.ts';

/** The signed-in caller and their role's permissions, for checks on the chat's hot path. */
export interface SessionCaller {
  id: string;
  isAdmin: boolean;
  role: Role | null;
}

/**
 * The caller of a request without reading the user again: the session check behind
 * `authenticate` already holds their role as stored (at most a few seconds old), and the role's
 * permissions come from the roles cache. Routes that also need the caller's name (authoring a
 * prompt or an agent) use `loadSharedEntityCaller`.
 */
export async function sessionCaller(db: Database, user: AuthUser): Promise<SessionCaller> {
  return { id: user.id, isAdmin: user.role === 'ADMIN', role: await currentRole(db, user.role) };
}
