import type { ConversationTag } from '@parley/schema';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useStartupConfig } from '../../api/startup-queries';
import { useHasPermission } from '../auth';

export const tagKeys = { all: ['conversationTags'] as const };

const tagPath = (tag: string) => `/api/tags/${encodeURIComponent(tag)}`;

export const tagsApi = {
  list: () => api<ConversationTag[]>('/api/tags'),
  create: (body: { tag: string; description?: string; conversationId?: string }) =>
    api<ConversationTag>('/api/tags', {
      method: 'POST',
      json: { ...body, addToConversation: body.conversationId !== undefined },
    }),
  update: (tag: string, body: { tag?: string; description?: string; position?: number }) =>
    api<ConversationTag>(tagPath(tag), { method: 'PUT', json: body }),
  remove: (tag: string) => api<ConversationTag>(tagPath(tag), { method: 'DELETE' }),
  setForConversation: (conversationId: string, tags: string[]) =>
    api<string[]>(`/api/tags/convo/${encodeURIComponent(conversationId)}`, { method: 'PUT', json: { tags } }),
};

/** Bookmarks need BOOKMARKS.USE and the interface flag. */
export function useBookmarksEnabled(): boolean {
  const allowed = useHasPermission('BOOKMARKS', 'USE');
  const { data: config } = useStartupConfig();
  return allowed && config?.interface.bookmarks !== false;
}

/** The user's bookmarks by position, with their counts. */
export function useTags(enabled: boolean) {
  return useQuery({ queryKey: tagKeys.all, queryFn: tagsApi.list, enabled, staleTime: 60_000 });
}
