import { canEditProject, PROJECT_FILES_MAX, type ProjectFile } from '@parley/schema';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations, files, projectFiles } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors/app-error.ts';
import { isProjectMember, projectForRole } from './project-access.ts';

const VIEWERS = 'Viewers cannot change the project';

/** The project's knowledge files, oldest first. */
export async function projectFileList(db: Database, projectId: string): Promise<ProjectFile[]> {
  const rows = await db
    .select({ file_id: files.fileId, filename: files.filename, type: files.type, bytes: files.bytes })
    .from(projectFiles)
    .innerJoin(files, eq(files.fileId, projectFiles.fileId))
    .where(eq(projectFiles.projectId, projectId))
    .orderBy(asc(projectFiles.createdAt), asc(files.fileId));
  return rows;
}

/**
 * Editors add one of their own files (another user's file id is a 404, as if it did not exist);
 * the other members then search it through the project. Answers the project's files.
 */
export async function addProjectFile(db: Database, userId: string, projectId: string, fileId: string) {
  await projectForRole(db, userId, projectId, canEditProject, VIEWERS);
  const [file] = await db
    .select({ fileId: files.fileId })
    .from(files)
    .where(and(eq(files.fileId, fileId), eq(files.userId, userId)))
    .limit(1);
  if (!file) throw notFound('File not found');
  const [{ held } = { held: 0 }] = await db
    .select({ held: count() })
    .from(projectFiles)
    .where(eq(projectFiles.projectId, projectId));
  if (held >= PROJECT_FILES_MAX) throw badRequest(`A project holds at most ${PROJECT_FILES_MAX} files`);
  await db.insert(projectFiles).values({ projectId, fileId, addedBy: userId }).onConflictDoNothing();
  return projectFileList(db, projectId);
}

/** Editors take a file out of the project's knowledge (the file itself stays its owner's). */
export async function removeProjectFile(db: Database, userId: string, projectId: string, fileId: string) {
  await projectForRole(db, userId, projectId, canEditProject, VIEWERS);
  const removed = await db
    .delete(projectFiles)
    .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.fileId, fileId)))
    .returning({ fileId: projectFiles.fileId });
  if (removed.length === 0) throw notFound('File not found');
  return projectFileList(db, projectId);
}

/**
 * The knowledge files of the project a conversation is in, grouped by owner (file search filters
 * chunks by owner), when the caller wrote the conversation and is still a member of its project;
 * nothing otherwise. One query: conversation ownership and membership are its conditions.
 */
export async function conversationProjectFiles(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ fileId: files.fileId, ownerId: files.userId })
    .from(conversations)
    .innerJoin(projectFiles, eq(projectFiles.projectId, conversations.projectId))
    .innerJoin(files, eq(files.fileId, projectFiles.fileId))
    .where(
      and(
        eq(conversations.conversationId, conversationId),
        eq(conversations.userId, userId),
        isProjectMember(userId, sql`${conversations.projectId}`),
      ),
    );
  const byOwner = new Map<string, string[]>();
  for (const r of rows) byOwner.set(r.ownerId, [...(byOwner.get(r.ownerId) ?? []), r.fileId]);
  return byOwner;
}
