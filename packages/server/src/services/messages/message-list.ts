import type { ListMessagesQuery, MessageListPage } from '@parley/schema';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { notFound } from '../../errors/app-error.ts';
import { visibleConversation, visibleConversations } from '../conversation-records/conversation-access.ts';
import { toMessage } from '../conversation-records/conversation-dto.ts';
import { searchMessages } from '../search/message-search.ts';
import { tsQuery } from '../search/search-text.ts';
import { afterCursor, decodeCursor, encodeCursor, timestampCursorValue } from '../paging/page-cursor.ts';

const SORT_COLUMNS = { createdAt: messages.createdAt, updatedAt: messages.updatedAt } as const;

async function assertConversationVisible(db: Database, userId: string, conversationId: string, now: Date) {
  const [row] = await db
    .select({ id: conversations.conversationId })
    .from(conversations)
    .where(visibleConversation(userId, conversationId, now))
    .limit(1);
  if (!row) throw notFound('Conversation not found');
}

/**
 * A page of the user's messages, optionally narrowed to one conversation and/or one message id,
 * keyed on (sort column, messageId). Messages of expired temporary chats are never returned.
 * A conversationId that is not the user's is a 404; filters that match nothing give an empty page.
 */
export async function listMessages(
  db: Database,
  userId: string,
  query: ListMessagesQuery,
  now = new Date(),
): Promise<MessageListPage> {
  if (query.conversationId) await assertConversationVisible(db, userId, query.conversationId, now);
  // Full-text search over all the caller's messages, by relevance then recency.
  if (query.search && !query.conversationId && !query.messageId) {
    return searchMessages(db, userId, { ...query, search: query.search });
  }
  const column = SORT_COLUMNS[query.sortBy];
  const order = `${query.sortBy}:${query.sortDirection}`;
  const cursor = query.cursor ? decodeCursor(query.cursor, order, 'timestamp') : undefined;
  const filters: (SQL | undefined)[] = [
    eq(messages.userId, userId),
    visibleConversations(userId, now),
    query.conversationId ? eq(messages.conversationId, query.conversationId) : undefined,
    query.messageId ? eq(messages.messageId, query.messageId) : undefined,
    // Within one conversation (or one message) the search is a plain full-text filter.
    query.search ? sql`"messages"."search_vector" @@ ${tsQuery(query.search)}` : undefined,
    cursor ? afterCursor(column, messages.messageId, cursor, query.sortDirection, 'timestamp') : undefined,
  ];
  const direction = query.sortDirection === 'desc' ? desc : asc;
  const rows = await db
    .select({ message: messages, cursorValue: timestampCursorValue(column) })
    .from(messages)
    .innerJoin(conversations, eq(conversations.conversationId, messages.conversationId))
    .where(and(...filters))
    .orderBy(direction(column), direction(messages.messageId))
    .limit(query.pageSize + 1);
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  return {
    messages: page.map((r) => toMessage(r.message)),
    nextCursor:
      rows.length > query.pageSize && last
        ? encodeCursor({ order, value: last.cursorValue, id: last.message.messageId })
        : null,
  };
}
