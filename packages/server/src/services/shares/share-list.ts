import type { ListSharedLinksQuery, SharedLinksPage } from '@parley/schema';
import { and, asc, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sharedLinks } from '../../db/schema/index.ts';
import {
  afterCursor,
  containsPattern,
  decodeCursor,
  encodeCursor,
  timestampCursorValue,
} from '../paging/page-cursor.ts';
import { toSharedLink } from './share-dto.ts';

/** GET /api/share: a page of the caller's links (newest first by default), keyset-paged. */
export async function listSharedLinks(
  db: Database,
  userId: string,
  query: ListSharedLinksQuery,
): Promise<SharedLinksPage> {
  const column = query.sortBy === 'updatedAt' ? sharedLinks.updatedAt : sharedLinks.createdAt;
  const order = `${query.sortBy}:${query.sortDirection}`;
  const cursor = query.cursor ? decodeCursor(query.cursor, order, 'timestamp') : undefined;
  const filters: (SQL | undefined)[] = [
    eq(sharedLinks.userId, userId),
    eq(sharedLinks.isPublic, query.isPublic),
    query.search ? ilike(sharedLinks.title, containsPattern(query.search)) : undefined,
    cursor ? afterCursor(column, sharedLinks.shareId, cursor, query.sortDirection, 'timestamp') : undefined,
  ];
  const direction = query.sortDirection === 'desc' ? desc : asc;
  const rows = await db
    .select({
      link: {
        shareId: sharedLinks.shareId,
        conversationId: sharedLinks.conversationId,
        title: sharedLinks.title,
        isPublic: sharedLinks.isPublic,
        createdAt: sharedLinks.createdAt,
        updatedAt: sharedLinks.updatedAt,
      },
      cursorValue: timestampCursorValue(column),
    })
    .from(sharedLinks)
    .where(and(...filters))
    .orderBy(direction(column), direction(sharedLinks.shareId))
    .limit(query.pageSize + 1);
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  const hasNextPage = rows.length > query.pageSize;
  return {
    links: page.map((r) => toSharedLink(r.link)),
    nextCursor:
      hasNextPage && last ? encodeCursor({ order, value: last.cursorValue, id: last.link.shareId }) : null,
    hasNextPage,
  };
}
