import type { PromptGroup } from '@parley/schema';
import { useStartupConfig } from '../../api/startup-queries';

/** The instance project id from the startup config. */
export function useInstanceProjectId(): string | undefined {
  return useStartupConfig().data?.instanceProjectId;
}

/** A group shared to all users carries the instance project id. */
export function isSharedToAll(
  group: Pick<PromptGroup, 'projectIds'>,
  instanceProjectId: string | undefined,
): boolean {
  return Boolean(instanceProjectId) && group.projectIds.includes(instanceProjectId!);
}
