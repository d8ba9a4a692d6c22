import type { UsageAnswer, UsageQuery, UsageRow } from '@parley/schema';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { rowsOf } from '../search/search-text.ts';

/** The groups issue has not added groups yet: usage by group has nothing to show. */
export const NO_GROUPS_NOTE = 'Groups do not exist on this server yet: usage by group is empty.';
export const NOT_RECORDING_NOTE =
  'Usage is not recorded on this server (parley.yaml sets transactions.enabled: false).';

interface SummedRow {
  bucket: string | null;
  key: string;
  prompt_tokens: string | number;
  completion_tokens: string | number;
  cost: string | number;
  messages: string | number;
}

const BUCKETS = {
  day: sql`day`,
  week: sql`date_trunc('week', day)::date`,
  month: sql`date_trunc('month', day)::date`,
};
const KEYS = { user: sql`user_id`, model: sql`model`, endpoint: sql`endpoint` };

/**
 * Usage summed by user, model or endpoint (and by day, week or month when asked), read from the
 * daily roll-up, never from the calls themselves: the answer's cost does not grow with the
 * number of calls recorded.
 */
export async function queryUsage(db: Database, q: UsageQuery, recording: boolean): Promise<UsageAnswer> {
  if (q.groupBy === 'group') return { rows: [], note: NO_GROUPS_NOTE, recording };
  const key = KEYS[q.groupBy];
  const bucket = q.interval ? BUCKETS[q.interval] : null;
  const result = await db.execute(sql`
    select ${bucket ? sql`to_char(${bucket}, 'YYYY-MM-DD')` : sql`null`} as bucket, ${key} as key,
      sum(prompt_tokens) as prompt_tokens, sum(completion_tokens) as completion_tokens,
      sum(cost) as cost, sum(messages) as messages
    from usage_daily
    where day between ${q.from} and ${q.to}
      ${q.userId ? sql`and user_id = ${q.userId}` : sql``}
    group by 1, 2
    order by 1, 5 desc, 2`);
  const found = rowsOf<SummedRow>(result);
  const labels =
    q.groupBy === 'user'
      ? await userLabels(
          db,
          found.map((r) => r.key),
        )
      : new Map<string, string>();
  const rows: UsageRow[] = found.map((r) => ({
    ...(r.bucket ? { bucket: r.bucket } : {}),
    key: r.key,
    label: labels.get(r.key) ?? r.key,
    promptTokens: Number(r.prompt_tokens),
    completionTokens: Number(r.completion_tokens),
    cost: Number(r.cost),
    messages: Number(r.messages),
  }));
  return { rows, recording, ...(recording ? {} : { note: NOT_RECORDING_NOTE }) };
}

/** Users' e-mail addresses by id (a deleted user keeps their id as label). */
async function userLabels(db: Database, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(found.map((u) => [u.id, u.email]));
}
