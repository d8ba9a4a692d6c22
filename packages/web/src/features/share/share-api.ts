import type { ShareLookup, SharedConversation, SharedLink, SharedLinksPage } from '@parley/schema';
import { SHARED_LINKS_PAGE_SIZE } from '@parley/schema';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export const shareKeys = {
  all: ['sharedLinks'] as const,
  list: (search: string) => ['sharedLinks', 'list', search] as const,
  link: (conversationId: string) => ['sharedLinks', 'link', conversationId] as const,
  shared: (shareId: string) => ['sharedConversation', shareId] as const,
};

const id = encodeURIComponent;

export const shareApi = {
  lookup: (conversationId: string) => api<ShareLookup>(`/api/share/link/${id(conversationId)}`),
  create: (conversationId: string) => api<SharedLink>(`/api/share/${id(conversationId)}`, { method: 'POST' }),
  refresh: (shareId: string) => api<SharedLink>(`/api/share/${id(shareId)}`, { method: 'PATCH' }),
  remove: (shareId: string) => api<unknown>(`/api/share/${id(shareId)}`, { method: 'DELETE' }),
  shared: (shareId: string) => api<SharedConversation>(`/api/share/${id(shareId)}`),
  list: (search: string, cursor: string | null) => {
    const query = new URLSearchParams({
      pageSize: String(SHARED_LINKS_PAGE_SIZE),
      isPublic: 'true',
      sortBy: 'createdAt',
      sortDirection: 'desc',
    });
    if (search) query.set('search', search);
    if (cursor) query.set('cursor', cursor);
    return api<SharedLinksPage>(`/api/share?${query.toString()}`);
  },
};

/** The address a link is shared at (path /share/{shareId}). */
export function shareUrl(shareId: string): string {
  return `${window.location.origin}/share/${shareId}`;
}

/** The conversation's current link, if any. */
export function useShareLookup(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: shareKeys.link(conversationId),
    queryFn: () => shareApi.lookup(conversationId),
    enabled,
    staleTime: 0,
  });
}

/** The shared-links manager: 25 per page, public only, newest first; stale 5 min, kept 30. */
export function useSharedLinks(search: string) {
  return useInfiniteQuery({
    queryKey: shareKeys.list(search),
    queryFn: ({ pageParam }) => shareApi.list(search, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage ? last.nextCursor : null),
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
  });
}
