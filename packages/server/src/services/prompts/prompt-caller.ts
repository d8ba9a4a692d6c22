import type { Database } from '../../db/client.ts';
import {
  loadSharedEntityCaller,
  requireAuthorOrAdmin,
  requireSharingPermission,
  type SharedEntityCaller,
  type SharingPermission,
} from '../permissions/shared-entity-caller.ts';

/** Who calls a prompt route. */
export type PromptCaller = SharedEntityCaller;
export type PromptPermission = SharingPermission;

const DENIED: Record<PromptPermission, string> = {
  USE: 'You do not have permission to use prompts.',
  CREATE: 'You do not have permission to create or change prompts.',
  SHARED_GLOBAL: 'You do not have permission to share prompts with all users.',
};

export const loadPromptCaller = (db: Database, userId: string): Promise<PromptCaller> =>
  loadSharedEntityCaller(db, userId);

/** 403 unless the caller's role grants PROMPTS.<permission> exactly. */
export function requirePromptPermission(caller: PromptCaller, permission: PromptPermission): void {
  requireSharingPermission(caller, 'PROMPTS', permission, DENIED);
}

/** Editing, versioning and deleting a group is for its author or an admin. */
export function requireGroupEditor(caller: PromptCaller, authorId: string): void {
  requireAuthorOrAdmin(caller, authorId, 'Only the author or an administrator may change this prompt.');
}
