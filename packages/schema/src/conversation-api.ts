import { z } from 'zod';
import type { Conversation } from './conversation.ts';
import {
  booleanQuery,
  cursorQuery,
  entityId,
  pageSizeQuery,
  searchQuery,
  sortDirectionQuery,
} from './list-query.ts';

/** Longest title the server stores; the sidebar's rename input stops at 100. */
export const CONVERSATION_TITLE_MAX = 200;
export const MAX_TAG_FILTERS = 50;

export const CONVERSATION_SORT_FIELDS = ['updatedAt', 'createdAt', 'title'] as const;
export type ConversationSortField = (typeof CONVERSATION_SORT_FIELDS)[number];

const tagFilter = z.string().trim().min(1, 'tag must not be empty').max(200, 'tag is too long');

/**
 * Query of GET /api/convos. `tags` may repeat (`?tags=a&tags=b`) and matches conversations that
 * carry ANY of the given tags. With `search` the list holds the conversations whose title or
 * messages match (full-text), ordered by relevance then recency, whatever `sortBy` says.
 */
export const listConversationsQuerySchema = z.object({
  cursor: cursorQuery,
  pageSize: pageSizeQuery,
  sortBy: z.enum(CONVERSATION_SORT_FIELDS).default('updatedAt'),
  sortDirection: sortDirectionQuery,
  isArchived: booleanQuery.default(false),
  tags: z
    .union([tagFilter, z.array(tagFilter).max(MAX_TAG_FILTERS, `at most ${MAX_TAG_FILTERS} tags`)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  search: searchQuery,
  /** Only the caller's conversations in this project (one they are a member of). */
  projectId: entityId('projectId').optional(),
});
export type ListConversationsQuery = z.infer<typeof listConversationsQuerySchema>;

export interface ConversationListPage {
  conversations: Conversation[];
  /** Pass back as `cursor` for the next page; null when there is no more. */
  nextCursor: string | null;
}

export const conversationIdParamsSchema = z.object({ conversationId: entityId('conversationId') });

/** Rename and/or archive: POST /api/convos/update `{arg: {conversationId, title?, isArchived?}}`. */
export const updateConversationSchema = z.object({
  arg: z
    .object(
      {
        conversationId: entityId('conversationId'),
        title: z
          .string({ error: 'title must be a string' })
          .trim()
          .min(1, 'title must not be empty')
          .max(CONVERSATION_TITLE_MAX, `title must be at most ${CONVERSATION_TITLE_MAX} characters`)
          .optional(),
        isArchived: z.boolean({ error: 'isArchived must be true or false' }).optional(),
        /** Moves the conversation into a project the caller is a member of; null moves it out. */
        projectId: entityId('projectId').nullable().optional(),
      },
      { error: 'conversationId is required' },
    )
    .refine((a) => a.title !== undefined || a.isArchived !== undefined || a.projectId !== undefined, {
      message: 'title, isArchived or projectId is required',
    }),
});
export type UpdateConversationBody = z.infer<typeof updateConversationSchema>;

/**
 * DELETE /api/convos `{arg: {conversationId, source?, thread_id?, endpoint?}}`. A missing body or
 * `arg` is a 400, never a crash.
 */
export const deleteConversationSchema = z.object(
  {
    arg: z.object(
      {
        conversationId: entityId('conversationId'),
        source: z.string().max(100).optional(),
        thread_id: z.string().max(200).nullish(),
        endpoint: z.string().max(200).nullish(),
      },
      { error: 'conversationId is required' },
    ),
  },
  { error: 'conversationId is required' },
);
export type DeleteConversationBody = z.infer<typeof deleteConversationSchema>;

/** LibreChat-compatible answer of the delete calls. */
export interface DeleteConversationsResult {
  acknowledged: true;
  deletedCount: number;
  messages: { acknowledged: true; deletedCount: number };
}
