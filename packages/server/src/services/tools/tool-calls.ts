import type { SavedToolCall } from '@parley/schema';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { toolCalls } from '../../db/schema/index.ts';

/** GET /api/agents/tools/calls: the caller's saved tool calls in one conversation, oldest first. */
export async function listToolCalls(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<SavedToolCall[]> {
  const rows = await db
    .select()
    .from(toolCalls)
    .where(and(eq(toolCalls.userId, userId), eq(toolCalls.conversationId, conversationId)))
    .orderBy(asc(toolCalls.createdAt), asc(toolCalls.id));
  return rows.map((r) => ({
    id: r.id,
    toolId: r.toolId,
    conversationId: r.conversationId,
    messageId: r.messageId,
    partIndex: r.partIndex,
    blockIndex: r.blockIndex,
    result: r.result,
    attachments: r.attachments,
    createdAt: r.createdAt.toISOString(),
  }));
}
