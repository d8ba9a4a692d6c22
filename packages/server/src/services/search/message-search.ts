import type { ListMessagesQuery, MessageListPage, MessageSearchHit } from '@parley/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { toMessage } from '../conversation-records/conversation-dto.ts';
import { decodeSearchCursor, encodeSearchCursor, type SearchCursor } from './search-cursor.ts';
import { FUZZY_BELOW, fuzzyMatch, fuzzyRank, fuzzyWords } from './fuzzy-text.ts';
import { hiddenConversations, rowsOf, SEARCH_CANDIDATES, tsQuery } from './search-text.ts';
import { headline, toSnippetHtml } from './snippet.ts';
import { snippetPlainText } from './snippet-plain-text.ts';

interface RankedRow {
  message_id: string;
  rank: string;
  at: string;
}

/** `(rank, updated_at, id)` strictly after the cursor, descending. */
function afterSearchCursor(cursor: SearchCursor | undefined) {
  if (!cursor) return sql``;
  return sql`where (rank, updated_at, message_id) < (${cursor.rank}::real, ${cursor.at}::timestamptz, ${cursor.id}::text)`;
}

/**
 * The page of message ids, best first. Only the newest SEARCH_CANDIDATES matches are ranked
 * (see there); temporary chats and conversations of an unfinished import never match. With
 * `fuzzy` words (fuzzy-text.ts), messages similar to them match too, ranked by similarity below
 * every full-text match (whose rank is lifted by 1).
 */
async function rankedPage(
  db: Database,
  userId: string,
  search: string,
  pageSize: number,
  cursor?: SearchCursor,
  fuzzy?: string[],
) {
  const query = tsQuery(search);
  const text = sql`m.text`;
  const match = fuzzy
    ? sql`(m.search_vector @@ ${query} or ${fuzzyMatch(fuzzy, text)})`
    : sql`m.search_vector @@ ${query}`;
  const rank = fuzzy
    ? sql`case when search_vector @@ ${query} then 1 + ts_rank(search_vector, ${query})
        else ${fuzzyRank(fuzzy, sql`text`)} end`
    : sql`ts_rank(search_vector, ${query})`;
  // Typo-tolerant candidates are any SEARCH_CANDIDATES matches, not the newest: ordered by
  // recency, the planner walks the user's messages newest first computing the similarity of each
  // until enough match (minutes for a near-miss of nothing at 1,000,000 messages). Unordered, the
  // trigram index finds them and the scan stops at the limit (docs/architecture.md).
  const result = await db.execute(sql`
    with candidates as (
      select m.message_id, m.updated_at, m.search_vector${fuzzy ? sql`, m.text` : sql``}
      from messages m
      where m.user_id = ${userId} and ${match}
        and m.conversation_id not in ${hiddenConversations(userId)}
      ${fuzzy ? sql`` : sql`order by m.updated_at desc, m.message_id desc`}
      limit ${SEARCH_CANDIDATES}
    ), ranked as (
      select message_id, updated_at, ${rank} as rank from candidates
    )
    select message_id, rank::text as rank,
      to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
    from ranked
    ${afterSearchCursor(cursor)}
    order by rank desc, updated_at desc, message_id desc
    limit ${pageSize + 1}`);
  return rowsOf<RankedRow>(result);
}

/**
 * The ranked page, typo-tolerant when full text finds little (fuzzy-text.ts): decided on the first
 * page, where full text's matches all fit in the page; a later page follows its cursor.
 */
async function rankedPageOrFuzzy(
  db: Database,
  userId: string,
  search: string,
  pageSize: number,
  cursor?: SearchCursor,
) {
  const words = fuzzyWords(search);
  if (cursor) {
    const ranked = await rankedPage(db, userId, search, pageSize, cursor, cursor.fuzzy ? words : undefined);
    return { ranked, fuzzy: cursor.fuzzy && words !== undefined };
  }
  const ranked = await rankedPage(db, userId, search, pageSize);
  if (!words || ranked.length >= FUZZY_BELOW || ranked.length > pageSize) return { ranked, fuzzy: false };
  return { ranked: await rankedPage(db, userId, search, pageSize, undefined, words), fuzzy: true };
}

/**
 * GET /api/messages?search=: the caller's messages matching the search, by relevance then
 * recency. Each hit carries its conversation's title and an HTML snippet in which only `<mark>`
 * is markup.
 */
export async function searchMessages(
  db: Database,
  userId: string,
  query: ListMessagesQuery & { search: string },
): Promise<MessageListPage> {
  const cursor = query.cursor ? decodeSearchCursor(query.cursor) : undefined;
  const { ranked, fuzzy } = await rankedPageOrFuzzy(db, userId, query.search, query.pageSize, cursor);
  const page = ranked.slice(0, query.pageSize);
  if (page.length === 0) return { messages: [], nextCursor: null };
  const rows = await db
    .select({ message: messages, title: conversations.title, snippet: headline(messages.text, query.search) })
    .from(messages)
    .innerJoin(conversations, eq(conversations.conversationId, messages.conversationId))
    .where(
      and(
        inArray(
          messages.messageId,
          page.map((r) => r.message_id),
        ),
        eq(messages.userId, userId),
        eq(conversations.userId, userId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.message.messageId, r]));
  const hits: MessageSearchHit[] = [];
  for (const r of page) {
    const row = byId.get(r.message_id);
    // A message deleted between the two queries is simply left out.
    if (!row) continue;
    // Object.assign onto the fresh DTO, not a second spread: `{...toMessage(), …}` made V8 allocate
    // ~16 KB objects per page of hits that outlived the young generation (heap +0.6 MB/s under
    // the search benchmark's load, freed only by a full GC).
    hits.push(
      Object.assign(toMessage(row.message), {
        title: row.title,
        snippet: toSnippetHtml(snippetPlainText(row.snippet)),
        searchResult: true as const,
      }),
    );
  }
  const last = page.at(-1)!;
  return {
    messages: hits,
    nextCursor:
      ranked.length > query.pageSize
        ? encodeSearchCursor({ rank: last.rank, at: last.at, id: last.message_id, fuzzy })
        : null,
  };
}
