import { z } from 'zod';
import { entityId } from './list-query.ts';
import { CONVERSATION_TAGS_MAX, TAG_DESCRIPTION_MAX_LENGTH, TAG_MAX_LENGTH } from './tag.ts';

// The request schemas of bookmarks (tags); their limits are in tag.ts.

export const tagNameSchema = z
  .string({ error: 'tag is required' })
  .trim()
  .min(1, 'tag is required')
  .max(TAG_MAX_LENGTH, `tag must be at most ${TAG_MAX_LENGTH} characters`);

const description = z
  .string({ error: 'description must be a string' })
  .max(TAG_DESCRIPTION_MAX_LENGTH, `description must be at most ${TAG_DESCRIPTION_MAX_LENGTH} characters`);

const position = z
  .number({ error: 'position must be a number' })
  .int('position must be an integer')
  .min(0, 'position must not be negative');

/** POST /api/tags: a new bookmark, optionally put on a conversation at once. */
export const createTagSchema = z
  .object({
    tag: tagNameSchema,
    description: description.optional(),
    addToConversation: z.boolean({ error: 'addToConversation must be true or false' }).optional(),
    conversationId: entityId('conversationId').optional(),
  })
  .refine((b) => !b.addToConversation || b.conversationId !== undefined, {
    message: 'conversationId is required to add the tag to a conversation',
    path: ['conversationId'],
  });

export type CreateTagBody = z.infer<typeof createTagSchema>;

/** PUT /api/tags/{tag}: rename, describe and/or move. */
export const updateTagSchema = z
  .object({
    tag: tagNameSchema.optional(),
    description: description.optional(),
    position: position.optional(),
  })
  .refine((b) => b.tag !== undefined || b.description !== undefined || b.position !== undefined, {
    message: 'tag, description or position is required',
  });

export type UpdateTagBody = z.infer<typeof updateTagSchema>;

/** `{tag}` in a path, URL-decoded by the router. */
export const tagParamsSchema = z.object({ tag: tagNameSchema });

/** PUT /api/tags/convo/{conversationId}: the conversation's complete list of tags. */
export const setConversationTagsSchema = z.object({
  tags: z
    .array(tagNameSchema, { error: 'tags must be a list of tag names' })
    .max(CONVERSATION_TAGS_MAX, `at most ${CONVERSATION_TAGS_MAX} tags`),
});

export type SetConversationTagsBody = z.infer<typeof setConversationTagsSchema>;

export const tagConversationParamsSchema = z.object({ conversationId: entityId('conversationId') });
