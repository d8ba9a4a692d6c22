import type { CreatePromptBody, PromptGroup, PromptVersion, UpdatePromptGroupBody } from '@parley/schema';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { promptGroups, prompts, type PromptGroupRow } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { requireGroupEditor, type PromptCaller } from './prompt-caller.ts';
import { toPromptGroup, toPromptVersion } from './prompt-dto.ts';
import { checkProjectChanges, nextProjectIds } from './prompt-sharing.ts';
import { readableGroups } from './prompt-visibility.ts';

export const GROUP_NOT_FOUND = 'Prompt group not found';

/** A group the caller may open, or 404 (missing and not-yours look the same). */
export async function findReadableGroup(
  db: Database,
  caller: PromptCaller,
  groupId: string,
): Promise<PromptGroupRow> {
  const [row] = await db
    .select()
    .from(promptGroups)
    .where(and(eq(promptGroups.id, groupId), readableGroups(caller)))
    .limit(1);
  if (!row) throw notFound(GROUP_NOT_FOUND);
  return row;
}

/** A group the caller may change: 404 when they cannot see it, 403 when they only may read it. */
export async function findEditableGroup(
  db: Database,
  caller: PromptCaller,
  groupId: string,
): Promise<PromptGroupRow> {
  const row = await findReadableGroup(db, caller, groupId);
  requireGroupEditor(caller, row.authorId);
  return row;
}

/** The group as the API answers it, with its production text. */
export async function loadPromptGroup(
  db: Database,
  caller: PromptCaller,
  groupId: string,
): Promise<PromptGroup> {
  const [row] = await db
    .select({ group: promptGroups, productionText: prompts.prompt })
    .from(promptGroups)
    .leftJoin(prompts, eq(prompts.id, promptGroups.productionId))
    .where(and(eq(promptGroups.id, groupId), readableGroups(caller)))
    .limit(1);
  if (!row) throw notFound(GROUP_NOT_FOUND);
  return toPromptGroup(row.group, row.productionText);
}

/** Creates a group and its first version, which becomes production. */
export async function createPromptGroup(
  db: Database,
  caller: PromptCaller,
  body: CreatePromptBody & { group: NonNullable<CreatePromptBody['group']> },
): Promise<{ prompt: PromptVersion; group: PromptGroup }> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .insert(promptGroups)
      .values({
        name: body.group.name,
        category: body.group.category,
        oneliner: body.group.oneliner ?? '',
        command: body.group.command || null,
        authorId: caller.id,
        authorName: caller.name,
      })
      .returning();
    const [version] = await tx
      .insert(prompts)
      .values({ groupId: group!.id, authorId: caller.id, type: body.prompt.type, prompt: body.prompt.prompt })
      .returning();
    const [withProduction] = await tx
      .update(promptGroups)
      .set({ productionId: version!.id })
      .where(eq(promptGroups.id, group!.id))
      .returning();
    return {
      prompt: toPromptVersion(version!),
      group: toPromptGroup(withProduction!, version!.prompt),
    };
  });
}

/**
 * PATCH /api/prompts/groups/{id}: name, category, description, command and sharing. The row is
 * locked while the new project list is computed so concurrent share/unshare calls do not lose
 * each other's change.
 */
export async function updatePromptGroup(
  db: Database,
  caller: PromptCaller,
  groupId: string,
  body: UpdatePromptGroupBody,
): Promise<PromptGroup> {
  await findEditableGroup(db, caller, groupId);
  checkProjectChanges(caller, body);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ projectIds: promptGroups.projectIds })
      .from(promptGroups)
      .where(eq(promptGroups.id, groupId))
      .for('update')
      .limit(1);
    if (!current) throw notFound(GROUP_NOT_FOUND);
    await tx
      .update(promptGroups)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.category !== undefined ? { category: body.category } : {}),
        ...(body.oneliner !== undefined ? { oneliner: body.oneliner } : {}),
        ...(body.command !== undefined ? { command: body.command || null } : {}),
        projectIds: nextProjectIds(current.projectIds, body),
        updatedAt: new Date(),
      })
      .where(eq(promptGroups.id, groupId));
  });
  return loadPromptGroup(db, caller, groupId);
}

/** DELETE /api/prompts/groups/{id}: the group and all its versions. */
export async function deletePromptGroup(db: Database, caller: PromptCaller, groupId: string): Promise<void> {
  await findEditableGroup(db, caller, groupId);
  await db.delete(promptGroups).where(eq(promptGroups.id, groupId));
}
