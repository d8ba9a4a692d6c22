import {
  readPromptGroupFilter,
  type ListPromptGroupsQuery,
  type PromptGroup,
  type PromptGroupFilterQuery,
  type PromptGroupPage,
} from '@parley/schema';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { promptGroups, prompts } from '../../db/schema/index.ts';
import type { PromptCaller } from './prompt-caller.ts';
import { toPromptGroup } from './prompt-dto.ts';
import { containsPattern, listedGroups, sharedByOthers } from './prompt-visibility.ts';

/**
 * The WHERE clause of the library's lists: always limited to what the caller may list (own and
 * shared-to-all groups), then narrowed by the category filter and the name search.
 */
function listCondition(caller: PromptCaller, query: PromptGroupFilterQuery): SQL {
  const filter = readPromptGroupFilter(query.category);
  const scope =
    filter.kind === 'mine'
      ? eq(promptGroups.authorId, caller.id)
      : filter.kind === 'shared'
        ? sharedByOthers(caller)
        : listedGroups(caller);
  return and(
    scope,
    filter.kind === 'category' ? eq(promptGroups.category, filter.category) : undefined,
    query.name ? ilike(promptGroups.name, containsPattern(query.name)) : undefined,
  )!;
}

/** Groups with their production text, newest first. */
function selectGroups(db: Database, where: SQL) {
  return db
    .select({ group: promptGroups, productionText: prompts.prompt })
    .from(promptGroups)
    .leftJoin(prompts, eq(prompts.id, promptGroups.productionId))
    .where(where)
    .orderBy(desc(promptGroups.createdAt), desc(promptGroups.id));
}

/** GET /api/prompts/groups: one page of the library's list. */
export async function listPromptGroupPage(
  db: Database,
  caller: PromptCaller,
  query: ListPromptGroupsQuery,
): Promise<PromptGroupPage> {
  const where = listCondition(caller, query);
  const [rows, [total]] = await Promise.all([
    selectGroups(db, where)
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db.select({ n: count() }).from(promptGroups).where(where),
  ]);
  return {
    promptGroups: rows.map((r) => toPromptGroup(r.group, r.productionText)),
    pageNumber: String(query.pageNumber),
    pageSize: String(query.pageSize),
    pages: String(Math.ceil((total?.n ?? 0) / query.pageSize)),
  };
}

/** GET /api/prompts/all: every group the caller may list, for the chat-side list and picker. */
export async function listAllPromptGroups(
  db: Database,
  caller: PromptCaller,
  query: PromptGroupFilterQuery,
): Promise<PromptGroup[]> {
  const rows = await selectGroups(db, listCondition(caller, query));
  return rows.map((r) => toPromptGroup(r.group, r.productionText));
}
