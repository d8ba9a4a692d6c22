import type { ConversationListPage, ListConversationsQuery } from '@parley/schema';
import { and, arrayOverlaps, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';
import { searchConversations } from '../search/conversation-search.ts';
import { notPendingImport } from '../conversation-records/conversation-access.ts';
import { toConversation } from '../conversation-records/conversation-dto.ts';
import { isProjectMember } from '../projects/project-access.ts';
import { afterCursor, decodeCursor, encodeCursor, timestampCursorValue } from '../paging/page-cursor.ts';

const SORT_COLUMNS = {
  updatedAt: { column: conversations.updatedAt, kind: 'timestamp' },
  createdAt: { column: conversations.createdAt, kind: 'timestamp' },
  title: { column: conversations.title, kind: 'text' },
} as const;

/**
 * One page of the user's conversation list (the sidebar, the archive view). Temporary chats are
 * never listed. Paging is keyed on (sort column, conversationId); for the default ordering
 * (updatedAt desc) the index conversations_user_updated_idx serves the query directly.
 */
export async function listConversations(
  db: Database,
  userId: string,
  query: ListConversationsQuery,
): Promise<ConversationListPage> {
  // A search is ordered by relevance, then recency, whatever sortBy says.
  if (query.search) return searchConversations(db, userId, { ...query, search: query.search });
  const sort = SORT_COLUMNS[query.sortBy];
  const order = `${query.sortBy}:${query.sortDirection}`;
  const cursor = query.cursor ? decodeCursor(query.cursor, order, sort.kind) : undefined;
  const filters: (SQL | undefined)[] = [
    eq(conversations.userId, userId),
    isNull(conversations.expiredAt),
    notPendingImport(),
    eq(conversations.isArchived, query.isArchived),
    // "Any of" the given tags: a conversation tagged with at least one of them matches.
    query.tags?.length ? arrayOverlaps(conversations.tags, query.tags) : undefined,
    // A project's conversations: the caller's own, while they are still a member of it.
    query.projectId
      ? and(eq(conversations.projectId, query.projectId), isProjectMember(userId, sql`${query.projectId}`))
      : undefined,
    cursor
      ? afterCursor(sort.column, conversations.conversationId, cursor, query.sortDirection, sort.kind)
      : undefined,
  ];
  const direction = query.sortDirection === 'desc' ? desc : asc;
  const rows = await db
    .select({
      row: conversations,
      cursorValue:
        sort.kind === 'timestamp' ? timestampCursorValue(sort.column) : sql<string>`${sort.column}`,
    })
    .from(conversations)
    .where(and(...filters))
    .orderBy(direction(sort.column), direction(conversations.conversationId))
    .limit(query.pageSize + 1);
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  return {
    conversations: page.map((r) => toConversation(r.row)),
    nextCursor:
      rows.length > query.pageSize && last
        ? encodeCursor({ order, value: last.cursorValue, id: last.row.conversationId })
        : null,
  };
}
