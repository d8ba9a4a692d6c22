import type { Message } from '@parley/schema';
import type { Database } from '../../db/client.ts';
import { getMessages } from '../messages/message-service.ts';

/** Fields of a message that are the owner's business only and never go into a public share. */
const PRIVATE_FIELDS = ['user', 'userId', 'feedback'] as const;

function publicMessage(message: Message): Message {
  const copy: Message = { ...message };
  for (const field of PRIVATE_FIELDS) delete copy[field];
  return copy;
}

/**
 * The messages of the caller's conversation as a share stores them, parents before children;
 * null when the conversation is not the caller's (or not visible).
 */
export async function snapshotMessages(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<Message[] | null> {
  const list = await getMessages(db, userId, conversationId);
  return list ? list.map(publicMessage) : null;
}
