import type { ConversationTag } from '@parley/schema';
import type { ConversationTagRow } from '../../db/schema/index.ts';

export function toConversationTag(row: ConversationTagRow): ConversationTag {
  return {
    _id: row.id,
    user: row.userId,
    tag: row.tag,
    description: row.description,
    count: row.count,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
