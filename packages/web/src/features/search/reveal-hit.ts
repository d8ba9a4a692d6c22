import type { Message, MessageSearchHit } from '@parley/schema';
import { queryClient } from '../../api/query-client';
import { chatApi, chatKeys } from '../../api/chat-api';
import { useBranches } from '../messages';

/**
 * Prepares the chat view to open on a search hit: loads the conversation's messages (the cached
 * ones when they already hold the hit; the list is needed anyway to open it), chooses the
 * siblings along the hit's path so its branch is the one shown, and asks the list to scroll to it.
 * A failed load leaves the default branch; the chat view then reports the error itself.
 */
export async function revealHit(hit: Pick<MessageSearchHit, 'conversationId' | 'messageId'>): Promise<void> {
  const queryKey = chatKeys.messages(hit.conversationId);
  const queryFn = () => chatApi.messages(hit.conversationId);
  const holdsHit = (list: Message[]) => list.some((m) => m.messageId === hit.messageId);
  try {
    let messages = await queryClient.ensureQueryData({ queryKey, queryFn });
    if (!holdsHit(messages)) messages = await queryClient.fetchQuery({ queryKey, queryFn, staleTime: 0 });
    if (holdsHit(messages)) useBranches.getState().reveal(hit.conversationId, messages, hit.messageId);
  } catch {
    // Opening the conversation shows why it could not be loaded.
  }
}
