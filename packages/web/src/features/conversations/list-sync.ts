import type { QueryClient } from '@tanstack/react-query';
import { chatKeys } from '../../api/chat-api';
import { conversationKeys } from './conversation-keys';

/** The channel the tabs of one browser tell each other on that their conversation lists changed. */
export const LIST_SYNC_CHANNEL = 'parley-conversation-lists';

/** Changes arrive in bursts (a new chat, then its title): the other tabs refetch once per burst. */
export const LIST_SYNC_DELAY_MS = 300;

const MESSAGE = 'lists-changed';

let outgoing: BroadcastChannel | null | undefined;

function channel(): BroadcastChannel | null {
  if (outgoing === undefined) {
    outgoing = typeof BroadcastChannel === 'function' ? new BroadcastChannel(LIST_SYNC_CHANNEL) : null;
  }
  return outgoing;
}

/**
 * Tells this browser's other tabs that this tab changed a conversation list (a new chat, a title,
 * an archive or delete), so their sidebars show it too. A tab does not hear its own messages.
 */
export function announceListChange(): void {
  channel()?.postMessage(MESSAGE);
}

/**
 * Refetches this tab's conversation lists when another tab announced a change. Only the lists
 * are read again, from the server, for the signed-in user: the message carries no data.
 * Returns the cleanup.
 */
export function followOtherTabs(client: QueryClient): () => void {
  // The same channel object that sends: a channel never hears its own messages, another object
  // of the same name in this tab would.
  const shared = channel();
  if (!shared) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onMessage = (event: MessageEvent) => {
    if (event.data !== MESSAGE) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void client.invalidateQueries({ queryKey: conversationKeys.list });
      // The open conversation too: its header shows the title from its own query, which kept
      // "New Chat" in this tab after another tab's answer had named the conversation.
      void client.invalidateQueries({ queryKey: chatKeys.conversation('').slice(0, 1) });
    }, LIST_SYNC_DELAY_MS);
  };
  shared.addEventListener('message', onMessage);
  return () => {
    clearTimeout(timer);
    shared.removeEventListener('message', onMessage);
  };
}
