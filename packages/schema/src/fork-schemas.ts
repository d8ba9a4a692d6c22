import { z } from 'zod';
import { CONVERSATION_TITLE_MAX } from './conversation-api.ts';
import { FORK_OPTIONS } from './fork.ts';
import { entityId } from './list-query.ts';

// The request schemas of fork and duplicate; the fork options are in fork.ts.

/**
 * POST /api/convos/fork. With `splitAtTarget` the fork starts AT the target (it becomes the new
 * first message) and runs down to `latestMessageId` (the message shown last, when it lies below
 * the target; otherwise the newest message below the target), applying `option` to that range.
 */
export const forkConversationSchema = z.object({
  conversationId: entityId('conversationId'),
  messageId: entityId('messageId'),
  option: z
    .enum(FORK_OPTIONS, { error: `option must be one of ${FORK_OPTIONS.join(', ')}` })
    .default('directPath'),
  splitAtTarget: z.boolean({ error: 'splitAtTarget must be true or false' }).default(false),
  latestMessageId: entityId('latestMessageId').optional(),
});

export type ForkConversationBody = z.infer<typeof forkConversationSchema>;

/** POST /api/convos/duplicate: a full copy; its title is `title`, else "<original> (copy)". */
export const duplicateConversationSchema = z.object({
  conversationId: entityId('conversationId'),
  title: z
    .string({ error: 'title must be a string' })
    .trim()
    .min(1, 'title must not be empty')
    .max(CONVERSATION_TITLE_MAX, `title must be at most ${CONVERSATION_TITLE_MAX} characters`)
    .optional(),
});

export type DuplicateConversationBody = z.infer<typeof duplicateConversationSchema>;
