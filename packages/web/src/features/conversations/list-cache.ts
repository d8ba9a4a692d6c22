import type { Conversation, ConversationListPage } from '@parley/schema';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { chatKeys } from '../../api/chat-api';
import { conversationKeys } from './conversation-keys';
import { announceListChange } from './list-sync';

type ListData = InfiniteData<ConversationListPage, string | null>;

/**
 * Every cached conversation list (the sidebar, its tag-filtered variants, the archive) starts
 * with the same key, so one prefix reaches all of them.
 */
export const ALL_LISTS = conversationKeys.list;

function mapLists(client: QueryClient, change: (list: Conversation[]) => Conversation[]): void {
  announceListChange();
  client.setQueriesData<ListData>({ queryKey: ALL_LISTS }, (data) => {
    if (!data?.pages) return data;
    return { ...data, pages: data.pages.map((p) => ({ ...p, conversations: change(p.conversations) })) };
  });
}

/** Takes a conversation out of every cached list at once (delete, archive). */
export function removeFromLists(client: QueryClient, conversationId: string): void {
  mapLists(client, (list) => list.filter((c) => c.conversationId !== conversationId));
}

/** Applies a change to the conversation wherever it is cached (lists and the open chat). */
export function patchEverywhere(
  client: QueryClient,
  conversationId: string,
  patch: Partial<Conversation>,
): void {
  mapLists(client, (list) => list.map((c) => (c.conversationId === conversationId ? { ...c, ...patch } : c)));
  client.setQueryData<Conversation>(chatKeys.conversation(conversationId), (c) =>
    c ? { ...c, ...patch } : c,
  );
}

/** Refetches every list after a change the cache cannot apply by itself. */
export function refreshLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: ALL_LISTS });
}
