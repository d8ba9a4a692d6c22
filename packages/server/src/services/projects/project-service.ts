import {
  canEditProject,
  canShareProject,
  type CreateProjectBody,
  type Project,
  type ProjectDetail,
  type UpdateProjectBody,
} from '@parley/schema';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations, projectMembers, projects } from '../../db/schema/index.ts';
import { projectForMember, projectForRole } from './project-access.ts';
import { toProject } from './project-dto.ts';
import { projectFileList } from './project-files.ts';
import { projectMemberList } from './project-members.ts';

/** A new project; its creator is its first owner. */
export async function createProject(db: Database, userId: string, body: CreateProjectBody): Promise<Project> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projects)
      .values({
        createdBy: userId,
        name: body.name,
        description: body.description ?? '',
        instructions: body.instructions ?? '',
        defaults: stripUndefined(body.defaults ?? {}),
      })
      .returning();
    await tx.insert(projectMembers).values({ projectId: row!.id, userId, role: 'owner' });
    return toProject(row!, 'owner');
  });
}

/** The projects the caller is a member of, most recently changed first (the join is the filter). */
export async function listProjects(db: Database, userId: string): Promise<Project[]> {
  const rows = await db
    .select({ project: projects, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(desc(projects.updatedAt), asc(projects.id));
  return rows.map((r) => toProject(r.project, r.role));
}

/** One project with its knowledge and members, for a member. */
export async function getProject(db: Database, userId: string, projectId: string): Promise<ProjectDetail> {
  const { project, role } = await projectForMember(db, userId, projectId);
  const [files, members] = await Promise.all([
    projectFileList(db, projectId),
    projectMemberList(db, projectId),
  ]);
  return { ...toProject(project, role), files, members };
}

/** Editors and owners change the name, description, instructions and defaults. */
export async function updateProject(
  db: Database,
  userId: string,
  projectId: string,
  body: UpdateProjectBody,
): Promise<Project> {
  const { role } = await projectForRole(
    db,
    userId,
    projectId,
    canEditProject,
    'Viewers cannot change the project',
  );
  const [row] = await db
    .update(projects)
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.instructions !== undefined ? { instructions: body.instructions } : {}),
      ...(body.defaults !== undefined ? { defaults: stripUndefined(body.defaults) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(projects.id, projectId))
    .returning();
  return toProject(row!, role);
}

/**
 * Owners delete a project. Its conversations stay, each still its author's, outside any project
 * (the foreign key's `on delete set null` moves them; they are counted first for the answer).
 */
export async function deleteProject(
  db: Database,
  userId: string,
  projectId: string,
): Promise<{ deleted: true; conversationsMoved: number }> {
  await projectForRole(db, userId, projectId, canShareProject, 'Only owners can delete the project');
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(conversations)
      .set({ projectId: null })
      .where(eq(conversations.projectId, projectId))
      .returning({ id: conversations.conversationId });
    await tx.delete(projects).where(eq(projects.id, projectId));
    return { deleted: true as const, conversationsMoved: moved.length };
  });
}

function stripUndefined(defaults: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(defaults).filter((e): e is [string, string] => e[1] !== undefined),
  );
}
