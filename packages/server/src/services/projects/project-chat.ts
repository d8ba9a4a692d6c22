import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import { isProjectMember } from './project-access.ts';

/** What a chat in a project takes from it. */
export interface ChatProject {
  id: string;
  name: string;
  instructions: string;
  /** The project has knowledge files, so file search is offered. */
  hasFiles: boolean;
}

/**
 * The project a chat runs in, read with the caller's membership as a condition of the query: a
 * member removed from it gets null (their conversation stays theirs, without the project's
 * instructions or knowledge).
 */
export async function chatProject(
  db: Database,
  userId: string,
  projectId: string,
): Promise<ChatProject | null> {
  const [row] = await db
    .select({
      id: projects.id,
      name: projects.name,
      instructions: projects.instructions,
      hasFiles: sql<boolean>`exists (select 1 from project_files pf where pf.project_id = ${projects.id})`,
    })
    .from(projects)
    .where(and(eq(projects.id, projectId), isProjectMember(userId)))
    .limit(1);
  return row ?? null;
}

/** Marks the block, so a test or a reader of the prompt can find it. */
export const PROJECT_PROMPT_HEADING = '# Project instructions';

/**
 * The system prompt with the project's instructions first: they frame every conversation in the
 * project, and the conversation's own prompt (more specific) follows them.
 */
export function withProjectInstructions(
  systemPrompt: string | undefined,
  project: ChatProject | null,
): string | undefined {
  const instructions = project?.instructions.trim();
  if (!instructions) return systemPrompt;
  const block = `${PROJECT_PROMPT_HEADING} (${project!.name})\n${instructions}`;
  return systemPrompt?.trim() ? `${block}\n\n${systemPrompt}` : block;
}
