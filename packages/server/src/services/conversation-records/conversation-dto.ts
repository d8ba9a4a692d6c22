import type { Conversation, Feedback, Message } from '@parley/schema';
import type { ConversationRow, MessageRow } from '../../db/schema/index.ts';

/** Row → API shape. Stored settings are spread first so the columns always win. */
export function toConversation(row: ConversationRow): Conversation {
  return {
    ...row.settings,
    conversationId: row.conversationId,
    user: row.userId,
    title: row.title,
    endpoint: row.endpoint,
    endpointType: row.endpointType,
    model: row.model,
    isArchived: row.isArchived,
    expiredAt: row.expiredAt?.toISOString() ?? null,
    tags: row.tags,
    projectId: row.projectId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMessage(row: MessageRow): Message {
  return {
    ...row.metadata,
    messageId: row.messageId,
    conversationId: row.conversationId,
    parentMessageId: row.parentMessageId,
    sender: row.sender,
    text: row.text,
    ...(row.content ? { content: row.content as Message['content'] } : {}),
    isCreatedByUser: row.isCreatedByUser,
    endpoint: row.endpoint,
    model: row.model,
    error: row.error,
    unfinished: row.unfinished,
    finish_reason: row.finishReason,
    feedback: (row.feedback as Feedback | null) ?? null,
    files: row.files ?? null,
    ...(row.fallbackFrom?.length ? { fallbackFrom: row.fallbackFrom } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
