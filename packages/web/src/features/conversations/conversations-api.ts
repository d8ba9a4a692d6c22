import type { Conversation, ConversationListPage } from '@parley/schema';
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAuth } from '../../store/auth-store';
import { conversationKeys } from './conversation-keys';
import { announceListChange } from './list-sync';

/** Rows per page of the sidebar list. */
export const CONVERSATION_PAGE_SIZE = 25;

export function fetchConversationPage(cursor: string | null, tags?: string[]): Promise<ConversationListPage> {
  const query = new URLSearchParams({ pageSize: String(CONVERSATION_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  for (const tag of tags ?? []) query.append('tags', tag);
  return api<ConversationListPage>(`/api/convos?${query.toString()}`);
}

/** The sidebar's list: stale after 30 s, kept 5 min. A bookmark filter gets its own entry. */
export function useConversationList(tags?: string[]) {
  const status = useAuth((s) => s.status);
  return useInfiniteQuery({
    queryKey: tags?.length ? [...conversationKeys.list, { tags }] : conversationKeys.list,
    queryFn: ({ pageParam }) => fetchConversationPage(pageParam, tags),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: status === 'authenticated',
    staleTime: 30_000,
    gcTime: 5 * 60_000,
  });
}

type ListData = InfiniteData<ConversationListPage, string | null>;

/** A new conversation goes to the top of the first page (once). */
export function addConversationToList(client: QueryClient, conversation: Conversation): void {
  announceListChange();
  client.setQueryData<ListData>(conversationKeys.list, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.filter((c) => c.conversationId !== conversation.conversationId),
    }));
    const [first, ...rest] = pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, conversations: [conversation, ...first.conversations] }, ...rest] };
  });
}

/** Updates apply in place (a new title, a new updatedAt) without moving the row. */
export function patchConversationInList(
  client: QueryClient,
  conversationId: string,
  patch: Partial<Conversation>,
): void {
  announceListChange();
  client.setQueryData<ListData>(conversationKeys.list, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        conversations: page.conversations.map((c) =>
          c.conversationId === conversationId ? { ...c, ...patch } : c,
        ),
      })),
    };
  });
}

export function findInList(client: QueryClient, conversationId: string): Conversation | undefined {
  const data = client.getQueryData<ListData>(conversationKeys.list);
  for (const page of data?.pages ?? []) {
    const found = page.conversations.find((c) => c.conversationId === conversationId);
    if (found) return found;
  }
  return undefined;
}
