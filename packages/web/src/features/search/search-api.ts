import type { MessageListPage, MessageSearchHit } from '@parley/schema';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAuth } from '../../store/auth-store';

export const searchKeys = {
  enabled: ['searchEnabled'] as const,
  results: (query: string) => ['searchResults', query] as const,
};

export type SearchPage = Omit<MessageListPage, 'messages'> & { messages: MessageSearchHit[] };

/** Whether the server offers search; a failure is only logged and means no search box. */
export function useSearchEnabled(): boolean {
  const status = useAuth((s) => s.status);
  const { data } = useQuery({
    queryKey: searchKeys.enabled,
    queryFn: async () => {
      try {
        return (await api<unknown>('/api/search/enable')) === true;
      } catch (error) {
        console.warn('Could not get the search-enabled flag', error);
        return false;
      }
    },
    enabled: status === 'authenticated',
    staleTime: Infinity,
  });
  return data === true;
}

/** Matching messages, by relevance then recency, a page at a time. */
export function useSearchResults(query: string) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(query),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ search: query, pageSize: '25' });
      if (pageParam) params.set('cursor', pageParam);
      return api<SearchPage>(`/api/messages?${params.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: query.length > 0,
    staleTime: 30_000,
  });
}
