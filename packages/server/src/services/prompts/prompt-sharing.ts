import type { UpdatePromptGroupBody } from '@parley/schema';
import { badRequest } from '../../errors/app-error.ts';
import { INSTANCE_PROJECT_ID } from '../config/startup-config.ts';
import { requirePromptPermission, type PromptCaller } from './prompt-caller.ts';

/**
 * Checks a group update's project changes. The instance project is the only project Parley has,
 * so any other id is a 400. Sharing with or unsharing from all users needs PROMPTS.SHARED_GLOBAL
 * (as in LibreChat, which checks that permission whenever the body carries project ids).
 */
export function checkProjectChanges(caller: PromptCaller, body: UpdatePromptGroupBody): void {
  const touched = [...(body.projectIds ?? []), ...(body.removeProjectIds ?? [])];
  const unknown = touched.find((id) => id !== INSTANCE_PROJECT_ID);
  if (unknown !== undefined) {
    throw badRequest(`Unknown project id: ${unknown}`, [
      { path: 'projectIds', message: 'unknown project id' },
    ]);
  }
  if (touched.length > 0) requirePromptPermission(caller, 'SHARED_GLOBAL');
}

/** The project list after adding `projectIds` and then removing `removeProjectIds`. */
export function nextProjectIds(current: readonly string[], body: UpdatePromptGroupBody): string[] {
  const next = new Set(current);
  for (const id of body.projectIds ?? []) next.add(id);
  for (const id of body.removeProjectIds ?? []) next.delete(id);
  return [...next];
}
