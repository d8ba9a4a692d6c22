import { badRequest } from '../../errors/app-error.ts';
import { INSTANCE_PROJECT_ID } from '../config/startup-config.ts';

/** The sharing part of an update body: project ids to add and to remove. */
export interface ProjectChanges {
  projectIds?: string[];
  removeProjectIds?: string[];
}

/**
 * Checks an update's project changes. The instance project (shared with all users) is the only
 * project Parley has, so any other id is a 400. Returns whether sharing changes at all, which
 * the caller turns into its feature's SHARED_GLOBAL check (as in LibreChat, which checks that
 * permission whenever the body carries project ids).
 */
export function touchesSharing(body: ProjectChanges): boolean {
  const touched = [...(body.projectIds ?? []), ...(body.removeProjectIds ?? [])];
  const unknown = touched.find((id) => id !== INSTANCE_PROJECT_ID);
  if (unknown !== undefined) {
    throw badRequest(`Unknown project id: ${unknown}`, [
      { path: 'projectIds', message: 'unknown project id' },
    ]);
  }
  return touched.length > 0;
}

/** The project list after adding `projectIds` and then removing `removeProjectIds`. */
export function nextProjectIds(current: readonly string[], body: ProjectChanges): string[] {
  const next = new Set(current);
  for (const id of body.projectIds ?? []) next.add(id);
  for (const id of body.removeProjectIds ?? []) next.delete(id);
  return [...next];
}

/** `%text%` for ILIKE with the pattern characters of the user's text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
