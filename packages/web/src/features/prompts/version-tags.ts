import type { PromptVersion } from '@parley/schema';
import { format } from 'date-fns';

export type VersionTag = 'latest' | 'production';

/** The first (newest) version is "latest"; the one matching productionId is "production". */
export function versionTags(
  versions: readonly PromptVersion[],
  index: number,
  productionId: string | null,
): VersionTag[] {
  const tags: VersionTag[] = [];
  if (index === 0) tags.push('latest');
  if (versions[index]?._id === productionId) tags.push('production');
  return tags;
}

/** The version list's time format. */
export const VERSION_TIME_FORMAT = 'yyyy-MM-dd HH:mm';

export function versionTime(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : format(date, VERSION_TIME_FORMAT);
}
