import type { PromptGroup, PromptType, PromptVersion } from '@parley/schema';
import type { PromptGroupRow, PromptRow } from '../../db/schema/index.ts';

/** A version row as the API answers it (LibreChat's shape, `_id` and all). */
export function toPromptVersion(row: PromptRow): PromptVersion {
  return {
    _id: row.id,
    groupId: row.groupId,
    author: row.authorId,
    type: row.type as PromptType,
    prompt: row.prompt,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A group row with its production text (null when it has no production version). */
export function toPromptGroup(row: PromptGroupRow, productionText: string | null): PromptGroup {
  return {
    _id: row.id,
    name: row.name,
    category: row.category,
    oneliner: row.oneliner,
    ...(row.command ? { command: row.command } : {}),
    author: row.authorId,
    authorName: row.authorName,
    productionId: row.productionId,
    productionPrompt: productionText === null ? null : { prompt: productionText },
    projectIds: row.projectIds,
    numberOfGenerations: row.numberOfGenerations,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
