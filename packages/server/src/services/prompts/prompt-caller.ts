import { hasPermission, type Role } from '@parley/schema';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { forbidden, unauthorized } from '../../errors/app-error.ts';
import { getRole } from '../roles/role-service.ts';

/** Who calls a prompt route, read from the database: a token may predate a role change. */
export interface PromptCaller {
  id: string;
  name: string;
  /** ADMIN bypasses the author check. */
  isAdmin: boolean;
  role: Role | null;
}

export type PromptPermission = 'USE' | 'CREATE' | 'SHARED_GLOBAL';

const DENIED: Record<PromptPermission, string> = {
  USE: 'You do not have permission to use prompts.',
  CREATE: 'You do not have permission to create or change prompts.',
  SHARED_GLOBAL: 'You do not have permission to share prompts with all users.',
};

export async function loadPromptCaller(db: Database, userId: string): Promise<PromptCaller> {
  const [user] = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw unauthorized('User not found');
  return { id: user.id, name: user.name, isAdmin: user.role === 'ADMIN', role: await getRole(db, user.role) };
}

/** 403 unless the caller's role grants PROMPTS.<permission> exactly. */
export function requirePromptPermission(caller: PromptCaller, permission: PromptPermission): void {
  if (!hasPermission(caller.role, 'PROMPTS', permission)) throw forbidden(DENIED[permission]);
}

/** Editing, versioning and deleting a group is for its author or an admin. */
export function requireGroupEditor(caller: PromptCaller, authorId: string): void {
  if (authorId !== caller.id && !caller.isAdmin) {
    throw forbidden('Only the author or an administrator may change this prompt.');
  }
}
