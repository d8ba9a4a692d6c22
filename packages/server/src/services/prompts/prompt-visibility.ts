import { and, arrayContains, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { promptGroups } from '../../db/schema/index.ts';
import { INSTANCE_PROJECT_ID } from '../config/startup-config.ts';
import type { PromptCaller } from './prompt-caller.ts';

/** Groups shared to all users carry the instance project id. */
export const sharedToAll = (): SQL => arrayContains(promptGroups.projectIds, [INSTANCE_PROJECT_ID]);

/** What a caller's lists show: their own groups and the ones shared to all (admins included). */
export function listedGroups(caller: PromptCaller): SQL {
  return or(eq(promptGroups.authorId, caller.id), sharedToAll())!;
}

/** Groups shared to all by someone else (the "shared prompts" filter). */
export function sharedByOthers(caller: PromptCaller): SQL {
  return and(sharedToAll(), ne(promptGroups.authorId, caller.id))!;
}

/**
 * What a caller may open by id: the listed groups, and for admins every group, since the ADMIN
 * role bypasses the author check.
 */
export function readableGroups(caller: PromptCaller): SQL {
  return caller.isAdmin ? sql`true` : listedGroups(caller);
}

export { containsPattern } from '../permissions/share-to-all.ts';
