import { hasPermission } from '@parley/schema';
import type { AuthUser } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { forbidden } from '../../errors/app-error.ts';
import { getRole } from '../roles/role-service.ts';

/** Every bookmark call needs BOOKMARKS.USE on the caller's role. */
export async function requireBookmarks(db: Database, user: AuthUser): Promise<void> {
  const role = await getRole(db, user.role);
  if (!hasPermission(role, 'BOOKMARKS', 'USE')) throw forbidden('You are not allowed to use bookmarks');
}
