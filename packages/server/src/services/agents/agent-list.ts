import {
  AGENT_CATEGORIES,
  type AgentCategoryOption,
  type AgentListPage,
  type ListAgentsQuery,
} from '@parley/schema';
import { and, count, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agents } from '../../db/schema/index.ts';
import { badRequest } from '../../errors/app-error.ts';
import { containsPattern } from '../permissions/share-to-all.ts';
import type { AgentCaller } from './agent-caller.ts';
import { agentFor } from './agent-service.ts';
import { listedAgents, sharedByOthers } from './agent-visibility.ts';

/** Where a page ended: the last agent's `updatedAt` (milliseconds, as stored) and id. */
interface Cursor {
  updatedAt: Date;
  id: string;
}

const encodeCursor = (c: Cursor): string =>
  Buffer.from(JSON.stringify([c.updatedAt.toISOString(), c.id])).toString('base64url');

function decodeCursor(text: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    const updatedAt = new Date(String(at));
    if (typeof id !== 'string' || typeof at !== 'string' || Number.isNaN(updatedAt.getTime()))
      throw new Error();
    return { updatedAt, id };
  } catch {
    throw badRequest('Invalid cursor', [{ path: 'cursor', message: 'not a cursor this list gave out' }]);
  }
}

/** Own and shared-to-all agents (or only others' shared ones), narrowed by category and search. */
function listCondition(
  caller: AgentCaller,
  query: Pick<ListAgentsQuery, 'search' | 'shared' | 'category'>,
): SQL {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return and(
    query.shared ? sharedByOthers(caller) : listedAgents(caller),
    query.category ? eq(agents.category, query.category) : undefined,
    pattern ? or(ilike(agents.name, pattern), ilike(agents.description, pattern)) : undefined,
  )!;
}

/** GET /api/agents: most recently changed first, `limit` at a time. */
export async function listAgentPage(
  db: Database,
  caller: AgentCaller,
  query: ListAgentsQuery,
): Promise<AgentListPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select()
    .from(agents)
    .where(
      and(
        listCondition(caller, query),
        after
          ? or(
              lt(agents.updatedAt, after.updatedAt),
              and(eq(agents.updatedAt, after.updatedAt), lt(agents.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(agents.updatedAt), desc(agents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  const last = page.at(-1);
  return {
    object: 'list',
    data: page.map((row) => agentFor(caller, row)),
    first_id: page[0]?.id ?? null,
    last_id: last?.id ?? null,
    has_more: hasMore,
    after: hasMore && last ? encodeCursor(last) : null,
  };
}

/** GET /api/agents/categories: the built-in categories with how many agents the caller can list in each. */
export async function listAgentCategories(db: Database, caller: AgentCaller): Promise<AgentCategoryOption[]> {
  const counts = await db
    .select({ category: agents.category, n: count() })
    .from(agents)
    .where(listedAgents(caller))
    .groupBy(agents.category);
  const byCategory = new Map(counts.map((c) => [c.category, c.n]));
  return AGENT_CATEGORIES.map((value) => ({
    value,
    label: `com_agents_category_${value}`,
    count: byCategory.get(value) ?? 0,
  }));
}
