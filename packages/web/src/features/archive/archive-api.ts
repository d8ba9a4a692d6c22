import type { ConversationListPage } from '@parley/schema';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { conversationKeys } from '../conversations';

/** Under the list prefix, so archiving and unarchiving refresh it with the sidebar. */
export const archivedKey = (search: string) => [...conversationKeys.list, 'archived', search] as const;

/** The archived conversations, newest first, searchable; stale 5 min, kept 30. */
export function useArchivedConversations(search: string) {
  return useInfiniteQuery({
    queryKey: archivedKey(search),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ isArchived: 'true', pageSize: '25' });
      if (search) query.set('search', search);
      if (pageParam) query.set('cursor', pageParam);
      return api<ConversationListPage>(`/api/convos?${query.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
  });
}
