import { canShareProject, type ProjectMember, type ProjectMemberBody } from '@parley/schema';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { projectMembers, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import { projectForMember, projectForRole } from './project-access.ts';

const ONLY_OWNERS = 'Only owners can share the project';
const LAST_OWNER = 'A project keeps at least one owner';

/** The project's members with their names, owners first. */
export async function projectMemberList(db: Database, projectId: string): Promise<ProjectMember[]> {
  const rows = await db
    .select({ userId: users.id, name: users.name, username: users.username, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(projectMembers.createdAt), asc(users.id));
  return rows.map((r) => ({ ...r, username: r.username ?? '' }));
}

/** Owners add a person or change their role; the last owner cannot step down. Answers the members. */
export async function putProjectMember(
  db: Database,
  callerId: string,
  projectId: string,
  body: ProjectMemberBody,
) {
  await projectForRole(db, callerId, projectId, canShareProject, ONLY_OWNERS);
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, body.userId)).limit(1);
  if (!person) throw notFound('User not found');
  if (body.role !== 'owner') await keepAnotherOwner(db, projectId, body.userId);
  await db
    .insert(projectMembers)
    .values({ projectId, userId: body.userId, role: body.role })
    .onConflictDoUpdate({
      target: [projectMembers.projectId, projectMembers.userId],
      set: { role: body.role },
    });
  return projectMemberList(db, projectId);
}

/**
 * Owners remove anyone; any member may remove themselves (leave). Access ends with the row: every
 * read checks membership in its query.
 */
export async function removeProjectMember(db: Database, callerId: string, projectId: string, userId: string) {
  if (userId === callerId) await projectForMember(db, callerId, projectId);
  else await projectForRole(db, callerId, projectId, canShareProject, ONLY_OWNERS);
  await keepAnotherOwner(db, projectId, userId);
  const removed = await db
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .returning({ userId: projectMembers.userId });
  if (removed.length === 0) throw notFound('Member not found');
  return { removed: true as const };
}

/** 409 when `userId` is the project's only owner (so demoting or removing them would orphan it). */
async function keepAnotherOwner(db: Database, projectId: string, userId: string) {
  const owners = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.role, 'owner')));
  if (owners.some((o) => o.userId === userId) && !owners.some((o) => o.userId !== userId)) {
    throw conflict(LAST_OWNER);
  }
}
