import type { ProjectRole } from '@parley/schema';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { projectMembers, projects, type ProjectRow } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors/app-error.ts';

export const PROJECT_NOT_FOUND = 'Project not found';

/**
 * The condition "the caller is a member of the project in `projectColumn`", for the WHERE clause of
 * any query that reads through a project: membership is checked in the query itself, so a member
 * removed a moment ago reads nothing on their next request.
 */
export function isProjectMember(userId: string, projectColumn: SQL | typeof projects.id = projects.id): SQL {
  return sql`exists (select 1 from ${projectMembers} pm where pm.project_id = ${projectColumn} and pm.user_id = ${userId})`;
}

/** The project with the caller's role in it; 404 when it does not exist or they are not a member. */
export async function projectForMember(
  db: Database,
  userId: string,
  projectId: string,
): Promise<{ project: ProjectRow; role: ProjectRole }> {
  const [row] = await db
    .select({ project: projects, role: projectMembers.role })
    .from(projects)
    .innerJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    )
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return row;
}

/** As projectForMember, and 403 unless the caller's role passes `allowed` (they can see it, so not a 404). */
export async function projectForRole(
  db: Database,
  userId: string,
  projectId: string,
  allowed: (role: ProjectRole) => boolean,
  refusal: string,
): Promise<{ project: ProjectRow; role: ProjectRole }> {
  const found = await projectForMember(db, userId, projectId);
  if (!allowed(found.role)) throw forbidden(refusal);
  return found;
}
