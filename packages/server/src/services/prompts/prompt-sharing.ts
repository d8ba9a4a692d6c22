import type { UpdatePromptGroupBody } from '@parley/schema';
import { touchesSharing } from '../permissions/share-to-all.ts';
import { requirePromptPermission, type PromptCaller } from './prompt-caller.ts';

export { nextProjectIds } from '../permissions/share-to-all.ts';

/**
 * Checks a group update's project changes: only the instance project exists, and sharing with or
 * unsharing from all users needs PROMPTS.SHARED_GLOBAL.
 */
export function checkProjectChanges(caller: PromptCaller, body: UpdatePromptGroupBody): void {
  if (touchesSharing(body)) requirePromptPermission(caller, 'SHARED_GLOBAL');
}
