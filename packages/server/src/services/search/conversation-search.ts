import type { ConversationListPage, ListConversationsQuery } from '@parley/schema';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';
import { toConversation } from '../conversation-records/conversation-dto.ts';
import { decodeSearchCursor, encodeSearchCursor, type SearchCursor } from './search-cursor.ts';
import { FUZZY_BELOW, fuzzyMatch, fuzzyRank, fuzzyWords } from './fuzzy-text.ts';
import { rowsOf, SEARCH_CANDIDATES, TITLE_WEIGHT, tsQuery } from './search-text.ts';

interface RankedRow {
  conversation_id: string;
  rank: string;
  at: string;
}

/** The list's own filters (archived or not, tags, project), applied to conversation alias `c`. */
function listFilters(userId: string, query: ListConversationsQuery): SQL {
  const tags = query.tags?.length
    ? sql` and c.tags && array[${sql.join(
        query.tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`
    : sql``;
  // Search within a project: its conversations, while the caller is still a member of it.
  const project = query.projectId
    ? sql` and c.project_id = ${query.projectId} and exists (select 1 from project_members pm where pm.project_id = c.project_id and pm.user_id = ${userId})`
    : sql``;
  return sql`c.user_id = ${userId} and c.expired_at is null
    and (c.import_id is null or c.import_id not in (select import_id from pending_imports))
    and c.is_archived = ${query.isArchived}${tags}${project}`;
}

function afterSearchCursor(cursor: SearchCursor | undefined): SQL {
  if (!cursor) return sql``;
  return sql`where (rank, updated_at, conversation_id) < (${cursor.rank}::real, ${cursor.at}::timestamptz, ${cursor.id}::text)`;
}

/** Full-text rank of `vector`, or with fuzzy words, lifted above every near-miss's similarity. */
function rankOf(q: SQL, vector: SQL, text: SQL, fuzzy: string[] | undefined): SQL {
  if (!fuzzy) return sql`ts_rank(${vector}, ${q})`;
  return sql`case when ${vector} @@ ${q} then 1 + ts_rank(${vector}, ${q}) else ${fuzzyRank(fuzzy, text)} end`;
}

function matchOf(q: SQL, vector: SQL, text: SQL, fuzzy: string[] | undefined): SQL {
  return fuzzy ? sql`(${vector} @@ ${q} or ${fuzzyMatch(fuzzy, text)})` : sql`${vector} @@ ${q}`;
}

/**
 * A conversation's relevance is the best of its title's rank (weighted TITLE_WEIGHT) and its
 * matching messages' ranks; only the newest SEARCH_CANDIDATES matching messages are ranked. With
 * `fuzzy` words, titles and messages similar to them match too (fuzzy-text.ts).
 */
async function rankedPage(
  db: Database,
  userId: string,
  query: ListConversationsQuery & { search: string },
  cursor?: SearchCursor,
  fuzzy?: string[],
) {
  const q = tsQuery(query.search);
  const filters = listFilters(userId, query);
  const title = { vector: sql`c.title_vector`, text: sql`c.title` };
  // Typo-tolerant message candidates are unordered, as in message-search.ts (see there).
  const result = await db.execute(sql`
    with title_hits as (
      select c.conversation_id, ${rankOf(q, title.vector, title.text, fuzzy)} * ${TITLE_WEIGHT} as rank
      from conversations c
      where ${filters} and ${matchOf(q, title.vector, title.text, fuzzy)}
    ), message_candidates as (
      select m.conversation_id, m.search_vector${fuzzy ? sql`, m.text` : sql``}
      from messages m
      where m.user_id = ${userId} and ${matchOf(q, sql`m.search_vector`, sql`m.text`, fuzzy)}
        and m.conversation_id in (select c.conversation_id from conversations c where ${filters})
      ${fuzzy ? sql`` : sql`order by m.updated_at desc, m.message_id desc`}
      limit ${SEARCH_CANDIDATES}
    ), hits as (
      select conversation_id, rank from title_hits
      union all
      select conversation_id, ${rankOf(q, sql`search_vector`, sql`text`, fuzzy)} from message_candidates
    ), best as (
      select h.conversation_id, max(h.rank) as rank, c.updated_at
      from hits h join conversations c on c.conversation_id = h.conversation_id
      group by h.conversation_id, c.updated_at
    )
    select conversation_id, rank::text as rank,
      to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
    from best
    ${afterSearchCursor(cursor)}
    order by rank desc, updated_at desc, conversation_id desc
    limit ${query.pageSize + 1}`);
  return rowsOf<RankedRow>(result);
}

/** As message-search.ts: typo-tolerant when full text finds little, decided on the first page. */
async function rankedPageOrFuzzy(
  db: Database,
  userId: string,
  query: ListConversationsQuery & { search: string },
  cursor?: SearchCursor,
) {
  const words = fuzzyWords(query.search);
  if (cursor) {
    const ranked = await rankedPage(db, userId, query, cursor, cursor.fuzzy ? words : undefined);
    return { ranked, fuzzy: cursor.fuzzy && words !== undefined };
  }
  const ranked = await rankedPage(db, userId, query);
  if (!words || ranked.length >= FUZZY_BELOW || ranked.length > query.pageSize)
    return { ranked, fuzzy: false };
  return { ranked: await rankedPage(db, userId, query, undefined, words), fuzzy: true };
}

/** GET /api/convos?search=: conversations whose title or messages match, by relevance then recency. */
export async function searchConversations(
  db: Database,
  userId: string,
  query: ListConversationsQuery & { search: string },
): Promise<ConversationListPage> {
  const cursor = query.cursor ? decodeSearchCursor(query.cursor) : undefined;
  const { ranked, fuzzy } = await rankedPageOrFuzzy(db, userId, query, cursor);
  const page = ranked.slice(0, query.pageSize);
  if (page.length === 0) return { conversations: [], nextCursor: null };
  const rows = await db
    .select()
    .from(conversations)
    .where(
      and(
        inArray(
          conversations.conversationId,
          page.map((r) => r.conversation_id),
        ),
        eq(conversations.userId, userId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.conversationId, r]));
  const last = page.at(-1)!;
  return {
    conversations: page.flatMap((r) => {
      const row = byId.get(r.conversation_id);
      return row ? [toConversation(row)] : [];
    }),
    nextCursor:
      ranked.length > query.pageSize
        ? encodeSearchCursor({ rank: last.rank, at: last.at, id: last.conversation_id, fuzzy })
        : null,
  };
}
