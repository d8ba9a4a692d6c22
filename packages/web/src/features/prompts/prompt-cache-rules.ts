import type { PromptGroup, PromptVersion } from '@parley/schema';

/** The group as it is once `version` is production (applied before the server answers). */
export function withProduction(group: PromptGroup, version: PromptVersion): PromptGroup {
  return { ...group, productionId: version._id, productionPrompt: { prompt: version.prompt } };
}

/**
 * The versions and group after `deletedId` went while the group stayed: production
 * moves to the first remaining version when the deleted one held it.
 */
export function afterVersionDeleted(
  versions: readonly PromptVersion[],
  group: PromptGroup | undefined,
  deletedId: string,
): { versions: PromptVersion[]; group: PromptGroup | undefined } {
  const remaining = versions.filter((v) => v._id !== deletedId);
  const first = remaining[0];
  const moved = group && first && group.productionId === deletedId ? withProduction(group, first) : group;
  return { versions: remaining, group: moved };
}
