import type { Message, SharedConversation, SharedLink } from '@parley/schema';
import type { SharedLinkRow } from '../../db/schema/index.ts';

/** The columns a link listing needs (never the snapshot). */
export type SharedLinkSummaryRow = Pick<
  SharedLinkRow,
  'shareId' | 'conversationId' | 'title' | 'isPublic' | 'createdAt' | 'updatedAt'
>;

export function toSharedLink(row: SharedLinkSummaryRow): SharedLink {
  return {
    shareId: row.shareId,
    conversationId: row.conversationId,
    title: row.title,
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSharedConversation(row: SharedLinkRow): SharedConversation {
  return { ...toSharedLink(row), messages: row.messages as Message[] };
}
