import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUserList,
  type AdminUserListQuery,
  type AdminUserSort,
} from '@parley/schema';
import { asc, count, desc, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { decodeCursor, encodeCursor } from '../paging/page-cursor.ts';
import { toAdminUser } from './admin-user-view.ts';

interface SortPlan {
  /** The expression ordered by; each has an index on (expression, id) (db/schema/users.ts). */
  key: SQL;
  /** The same expression as cursor text. */
  keyText: SQL<string>;
  kind: 'timestamp' | 'text';
  direction: 'asc' | 'desc';
}

const asTimestampText = (expr: SQL) =>
  sql<string>`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function sortPlan(sort: AdminUserSort): SortPlan {
  const [field, direction] = sort.split(':') as [string, 'asc' | 'desc'];
  if (field === 'email')
    return { key: sql`${users.email}`, keyText: sql<string>`${users.email}`, kind: 'text', direction };
  if (field === 'name')
    return { key: sql`${users.name}`, keyText: sql<string>`${users.name}`, kind: 'text', direction };
  // Accounts never active since the column exists count as active when they were created.
  const key =
    field === 'lastActiveAt'
      ? sql`coalesce(${users.lastActiveAt}, ${users.createdAt})`
      : sql`${users.createdAt}`;
  return { key, keyText: asTimestampText(key), kind: 'timestamp', direction };
}

/** Up to this many matches a search is "narrow": its matches are fetched and sorted. */
const NARROW_SEARCH = 2_000;

/**
 * A narrow search (few matches) is fastest found through the prefix indexes and then sorted; a
 * broad one (thousands of matches) by walking the sort index in order, where a page of matches
 * turns up soon. Left to itself the planner may walk the sort index for a narrow search too and
 * test every account until a page of matches turns up — a quarter of a second at 100,000 accounts
 * when the matches lie far apart in that order — and sorting a broad search's matches costs as
 * much (bench/admin-users.bench.ts). So the matches are counted first (a capped count through the
 * prefix indexes, a few milliseconds), and for a narrow search the order is given by an expression
 * the sort index does not cover (`|| ''`, `+ interval '0'`), which rules the walk out.
 */
async function isNarrowSearch(db: Database, search: SQL): Promise<boolean> {
  const capped = db
    .select({ id: users.id })
    .from(users)
    .where(search)
    .limit(NARROW_SEARCH + 1)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return (row?.n ?? 0) <= NARROW_SEARCH;
}

function withSearchOrder(plan: SortPlan, narrow: boolean): SortPlan {
  if (!narrow) return plan;
  const key = plan.kind === 'text' ? sql`(${plan.key} || '')` : sql`(${plan.key} + interval '0 seconds')`;
  return { ...plan, key };
}

/** Accounts whose address, name or username starts with `text`. */
function searchCondition(text: string): SQL {
  const pattern = prefixPattern(text);
  return or(
    sql`${users.email} like ${pattern}`,
    sql`lower(${users.name}) like ${pattern}`,
    sql`lower(${users.username}) like ${pattern}`,
  )!;
}

/** `abc` → `abc%` with LIKE's own characters escaped: a prefix match an index can serve. */
function prefixPattern(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the accounts, searched by the start of the address, name or username and ordered
 * by one of ADMIN_USER_SORTS. Keyset paging on (sort key, id): every page is an index range,
 * however deep, which keeps the list fast at 100,000 accounts.
 */
export async function listAdminUsers(db: Database, query: AdminUserListQuery): Promise<AdminUserList> {
  const search = query.search ? searchCondition(query.search) : null;
  const narrow = search !== null && (await isNarrowSearch(db, search));
  const plan = withSearchOrder(sortPlan(query.sort), narrow);
  const after = query.cursor ? decodeCursor(query.cursor, query.sort, plan.kind) : null;
  const conditions: SQL[] = search ? [search] : [];
  if (after) {
    const value = plan.kind === 'timestamp' ? sql`${after.value}::timestamptz` : sql`${after.value}::text`;
    const op = plan.direction === 'desc' ? sql`<` : sql`>`;
    conditions.push(sql`(${plan.key}, ${users.id}) ${op} (${value}, ${after.id}::text)`);
  }
  const order = plan.direction === 'desc' ? desc : asc;
  const rows = await db
    .select({ row: users, keyText: plan.keyText })
    .from(users)
    .where(conditions.length ? sql.join(conditions, sql` and `) : undefined)
    .orderBy(order(plan.key), order(users.id))
    .limit(ADMIN_USERS_PAGE_SIZE + 1);
  const page = rows.slice(0, ADMIN_USERS_PAGE_SIZE);
  const last = page.at(-1);
  const now = new Date();
  return {
    users: page.map(({ row }) => toAdminUser(row, now)),
    nextCursor:
      rows.length > ADMIN_USERS_PAGE_SIZE && last
        ? encodeCursor({ order: query.sort, value: last.keyText, id: last.row.id })
        : null,
  };
}
