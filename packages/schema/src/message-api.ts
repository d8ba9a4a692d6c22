import { z } from 'zod';
import { feedbackSchema, type Feedback, type Message } from './conversation.ts';
import { cursorQuery, entityId, pageSizeQuery, searchQuery, sortDirectionQuery } from './list-query.ts';

/** Longest message text an edit may store. */
export const MESSAGE_TEXT_MAX = 1_000_000;

export const MESSAGE_SORT_FIELDS = ['createdAt', 'updatedAt'] as const;
export type MessageSortField = (typeof MESSAGE_SORT_FIELDS)[number];

/**
 * Query of GET /api/messages. With `conversationId` and `messageId` the page holds that one
 * message; with `conversationId` alone the messages of that conversation; otherwise all the
 * caller's messages. `search` alone is a full-text search over all the caller's messages
 * (hits are `MessageSearchHit`s, by relevance then recency); with `conversationId` it filters.
 */
export const listMessagesQuerySchema = z.object({
  conversationId: entityId('conversationId').optional(),
  messageId: entityId('messageId').optional(),
  cursor: cursorQuery,
  pageSize: pageSizeQuery,
  sortBy: z.enum(MESSAGE_SORT_FIELDS).default('createdAt'),
  sortDirection: sortDirectionQuery,
  search: searchQuery,
});
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;

export interface MessageListPage {
  messages: Message[];
  nextCursor: string | null;
}

/** Path of GET /api/messages/{conversationId}. */
export const messagesOfConversationParamsSchema = z.object({
  conversationId: entityId('conversationId'),
});

/** Path of PUT /api/messages/{conversationId}/{messageId}[/feedback]. */
export const messageParamsSchema = z.object({
  conversationId: entityId('conversationId'),
  messageId: entityId('messageId'),
});

/**
 * Edit: without `index` the message text (and its first text part) is replaced; with `index`
 * the text or think content part at that index.
 */
export const updateMessageSchema = z.object({
  // An edit to nothing would leave an empty bubble: refused like an empty chat message.
  text: z
    .string({ error: 'text is required' })
    .max(MESSAGE_TEXT_MAX, `text must be at most ${MESSAGE_TEXT_MAX} characters`)
    .refine((text) => text.trim().length > 0, 'Chat text is required'),
  index: z
    .number({ error: 'index must be a number' })
    .int('index must be an integer')
    .min(0, 'index must not be negative')
    .optional(),
});
export type UpdateMessageBody = z.infer<typeof updateMessageSchema>;

/** `{feedback: {rating, tag?, text?}}` sets the rating; `{feedback: null}` removes it. */
export const messageFeedbackSchema = z.object({
  feedback: feedbackSchema.nullable(),
});
export type MessageFeedbackBody = z.infer<typeof messageFeedbackSchema>;

export interface MessageFeedbackResult {
  messageId: string;
  conversationId: string;
  feedback: Feedback | null;
}
