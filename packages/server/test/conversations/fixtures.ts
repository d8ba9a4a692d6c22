import { randomUUID } from 'node:crypto';
import { NO_PARENT } from '@parley/schema';
import { conversations, messages, type ConversationRow, type MessageRow } from '../../src/db/schema/index.ts';
import type { TestServer } from '../helpers/test-server.ts';
import type { TestUser } from '../helpers/test-users.ts';

/**
 * Rows written straight into the database, as the chat pipeline would save them, so the
 * conversation and message API can be tested on its own.
 */
export async function insertConversation(
  server: TestServer,
  userId: string,
  values: Partial<typeof conversations.$inferInsert> = {},
): Promise<ConversationRow> {
  const [row] = await server.ctx.db
    .insert(conversations)
    .values({ conversationId: randomUUID(), title: 'Chat', endpoint: 'openAI', ...values, userId })
    .returning();
  return row!;
}

export async function insertMessage(
  server: TestServer,
  userId: string,
  conversationId: string,
  values: Partial<typeof messages.$inferInsert> = {},
): Promise<MessageRow> {
  const [row] = await server.ctx.db
    .insert(messages)
    .values({
      messageId: randomUUID(),
      parentMessageId: NO_PARENT,
      sender: 'User',
      isCreatedByUser: true,
      text: 'hello',
      ...values,
      userId,
      conversationId,
    })
    .returning();
  return row!;
}

/** `new Date(base + seconds)`: distinct, ordered timestamps for sorting tests. */
export const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 10, 0, 0) + seconds * 1000);

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** A signed-in user's call to the server's API, with an optional JSON body. */
export function callAs(server: TestServer, user: TestUser, method: string, path: string, body?: unknown) {
  return server.api(path, { method, token: user.token, ...(body !== undefined ? { json: body } : {}) });
}
