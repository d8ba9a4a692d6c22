import {
  AGENT_CATEGORIES,
  type AgentCategoryOption,
  type AgentListPage,
  type ListAgentsQuery,
} from '@parley/schema';
import { and, asc, count, desc, eq, gt, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
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

/** Own and shared-to-all agents (or only others' shared ones), narrowed by category, provider and search. */
function listCondition(
  caller: AgentCaller,
  query: Pick<ListAgentsQuery, 'search' | 'shared' | 'category' | 'provider'>,
): SQL {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  return and(
    query.shared ? sharedByOthers(caller) : listedAgents(caller),
    query.category ? eq(agents.category, query.category) : undefined,
    query.provider ? sql`${agents.definition}->>'provider' = ${query.provider}` : undefined,
    pattern ? or(ilike(agents.name, pattern), ilike(agents.description, pattern)) : undefined,
  )!;
}

/** Rows past `from` in the direction a page is read (`desc`: older changes, `asc`: newer). */
function beyond(from: Cursor, direction: 'asc' | 'desc'): SQL {
  const past = direction === 'desc' ? lt : gt;
  return or(
    past(agents.updatedAt, from.updatedAt),
    and(eq(agents.updatedAt, from.updatedAt), past(agents.id, from.id)),
  )!;
}

/** Where the agent a query's `after` or `before` names sits in the list; 400 when it is not listed. */
async function agentPosition(
  db: Database,
  caller: AgentCaller,
  query: ListAgentsQuery,
  key: 'after' | 'before',
  id: string,
): Promise<Cursor> {
  const [row] = await db
    .select({ updatedAt: agents.updatedAt, id: agents.id })
    .from(agents)
    .where(and(listCondition(caller, query), eq(agents.id, id)))
    .limit(1);
  if (!row) throw badRequest(`Invalid ${key}`, [{ path: key, message: 'not an agent of this list' }]);
  return row;
}

/**
 * GET /api/agents: `limit` at a time, most recently changed first (`order=asc`: least recently).
 * A page continues from Parley's `cursor` or from the agent `after` names; `before` gives the
 * page just ahead of the agent it names, still in the asked order.
 */
export async function listAgentPage(
  db: Database,
  caller: AgentCaller,
  query: ListAgentsQuery,
): Promise<AgentListPage> {
  const backwards = !query.cursor && !query.after && query.before !== undefined;
  const from = query.cursor
    ? decodeCursor(query.cursor)
    : query.after
      ? await agentPosition(db, caller, query, 'after', query.after)
      : query.before
        ? await agentPosition(db, caller, query, 'before', query.before)
        : undefined;
  // Reading backwards from `before` walks the list in the opposite direction, then turns round.
  const direction = backwards ? (query.order === 'desc' ? 'asc' : 'desc') : query.order;
  const sort = direction === 'desc' ? desc : asc;
  const rows = await db
    .select()
    .from(agents)
    .where(and(listCondition(caller, query), from ? beyond(from, direction) : undefined))
    .orderBy(sort(agents.updatedAt), sort(agents.id))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const taken = rows.slice(0, query.limit);
  const page = backwards ? taken.reverse() : taken;
  const last = page.at(-1);
  return {
    object: 'list',
    data: page.map((row) => agentFor(caller, row)),
    first_id: page[0]?.id ?? null,
    last_id: last?.id ?? null,
    has_more: hasMore,
    // The opaque cursor continues in the asked order (a page read backwards has none to give).
    after: hasMore && last && !backwards ? encodeCursor(last) : null,
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
