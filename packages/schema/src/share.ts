import { z } from 'zod';
import type { Message } from './conversation.ts';
import { booleanQuery, cursorQuery, LIST_PAGE_SIZE, searchQuery, sortDirectionQuery } from './list-query.ts';

/** Shared-links manager page size. */
export const SHARED_LINKS_PAGE_SIZE = 25;

const id = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(200, `${message.split(' ')[0]} ID is too long`);

/** POST /api/share/{conversationId} and GET /api/share/link/{conversationId}. */
export const shareConversationParamsSchema = z.object({
  conversationId: id('Conversation ID is required'),
});

/** PATCH, DELETE and the public GET /api/share/{shareId}. */
export const shareIdParamsSchema = z.object({ shareId: id('Share ID is required') });

/** GET /api/share: the caller's links, newest first, searchable by title. */
export const listSharedLinksQuerySchema = z.object({
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be an integer')
    .min(1, 'pageSize must be at least 1')
    .max(LIST_PAGE_SIZE.max, `pageSize must be at most ${LIST_PAGE_SIZE.max}`)
    .default(SHARED_LINKS_PAGE_SIZE),
  isPublic: booleanQuery.default(true),
  sortBy: z.enum(['createdAt', 'updatedAt']).default('createdAt'),
  sortDirection: sortDirectionQuery,
  search: searchQuery,
  cursor: cursorQuery,
});
export type ListSharedLinksQuery = z.infer<typeof listSharedLinksQuerySchema>;

/** A link as its owner sees it. */
export interface SharedLink {
  shareId: string;
  conversationId: string;
  title: string;
  isPublic: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SharedLinksPage {
  links: SharedLink[];
  nextCursor: string | null;
  hasNextPage: boolean;
}

/** GET /api/share/link/{conversationId}. */
export type ShareLookup = { success: true; shareId: string; conversationId: string } | { success: false };

/**
 * The public GET /api/share/{shareId}: the snapshot taken when the link was created or last
 * refreshed. Messages keep their ids and parent links (the tree), never the owner's user id or
 * private feedback.
 */
export interface SharedConversation {
  shareId: string;
  conversationId: string;
  title: string;
  isPublic: boolean;
  createdAt: string;
  updatedAt: string;
  messages: Message[];
}
