import type { CreatePromptBody, DeletePromptResult, PromptVersion } from '@parley/schema';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { promptGroups, prompts, type PromptGroupRow, type PromptRow } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { requireGroupEditor, type PromptCaller } from './prompt-caller.ts';
import { toPromptVersion } from './prompt-dto.ts';
import { findEditableGroup, findReadableGroup } from './prompt-group-service.ts';
import { readableGroups } from './prompt-visibility.ts';

const PROMPT_NOT_FOUND = 'Prompt not found';

const newestFirst = [desc(prompts.createdAt), desc(prompts.id)] as const;

/** GET /api/prompts?groupId=: the versions of a group the caller may open, newest first. */
export async function listPromptVersions(
  db: Database,
  caller: PromptCaller,
  groupId: string,
): Promise<PromptVersion[]> {
  await findReadableGroup(db, caller, groupId);
  const rows = await db
    .select()
    .from(prompts)
    .where(eq(prompts.groupId, groupId))
    .orderBy(...newestFirst);
  return rows.map(toPromptVersion);
}

/** A version with its group, if the caller may open that group; 404 otherwise. */
async function findReadableVersion(
  db: Database,
  caller: PromptCaller,
  promptId: string,
): Promise<{ version: PromptRow; group: PromptGroupRow }> {
  const [row] = await db
    .select({ version: prompts, group: promptGroups })
    .from(prompts)
    .innerJoin(promptGroups, eq(promptGroups.id, prompts.groupId))
    .where(and(eq(prompts.id, promptId), readableGroups(caller)))
    .limit(1);
  if (!row) throw notFound(PROMPT_NOT_FOUND);
  return row;
}

/** GET /api/prompts/{id}. */
export async function getPromptVersion(
  db: Database,
  caller: PromptCaller,
  promptId: string,
): Promise<PromptVersion> {
  return toPromptVersion((await findReadableVersion(db, caller, promptId)).version);
}

/** POST /api/prompts with `prompt.groupId`: a new version of a group the caller may edit. */
export async function addPromptVersion(
  db: Database,
  caller: PromptCaller,
  input: CreatePromptBody['prompt'] & { groupId: string },
): Promise<PromptVersion> {
  await findEditableGroup(db, caller, input.groupId);
  const [row] = await db
    .insert(prompts)
    .values({ groupId: input.groupId, authorId: caller.id, type: input.type, prompt: input.prompt })
    .returning();
  return toPromptVersion(row!);
}

/** PATCH /api/prompts/{id}/tags/production: that version becomes its group's production. */
export async function makePromptProduction(
  db: Database,
  caller: PromptCaller,
  promptId: string,
): Promise<void> {
  const { version, group } = await findReadableVersion(db, caller, promptId);
  requireGroupEditor(caller, group.authorId);
  await db
    .update(promptGroups)
    .set({ productionId: version.id, updatedAt: new Date() })
    .where(eq(promptGroups.id, group.id));
}

/**
 * DELETE /api/prompts/{id}?groupId=. Deleting the last version deletes the group. Deleting the
 * production version moves production to the newest remaining version (the foreign key has
 * already set productionId to null by then, which is what the update looks for).
 */
export async function deletePromptVersion(
  db: Database,
  caller: PromptCaller,
  promptId: string,
  groupId: string | undefined,
): Promise<DeletePromptResult> {
  const { version, group } = await findReadableVersion(db, caller, promptId);
  if (groupId !== undefined && groupId !== group.id) throw notFound(PROMPT_NOT_FOUND);
  requireGroupEditor(caller, group.authorId);
  return db.transaction(async (tx) => {
    await tx.delete(prompts).where(eq(prompts.id, version.id));
    const [newest] = await tx
      .select({ id: prompts.id })
      .from(prompts)
      .where(eq(prompts.groupId, group.id))
      .orderBy(...newestFirst)
      .limit(1);
    if (!newest) {
      await tx.delete(promptGroups).where(eq(promptGroups.id, group.id));
      return {
        prompt: 'Prompt deleted successfully',
        promptGroup: { message: 'Prompt group deleted successfully', id: group.id },
      };
    }
    await tx
      .update(promptGroups)
      .set({ productionId: newest.id })
      .where(and(eq(promptGroups.id, group.id), isNull(promptGroups.productionId)));
    return { prompt: 'Prompt deleted successfully' };
  });
}
