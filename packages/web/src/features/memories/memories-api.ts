import type { CreateMemory, MemoriesAnswer, Memory, MemoryPreferences, UpdateMemory } from '@parley/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useAuth } from '../../store/auth-store';
import { withMemoryChanged, withMemoryRemoved } from './memory-usage';

export const memoryKeys = { mine: ['memories'] as const };

/** The memory calls under /api/memories; a key travels as one path segment. */
export const memoriesApi = {
  list: () => api<MemoriesAnswer>('/api/memories'),
  create: (body: CreateMemory) =>
    api<{ created: true; memory: Memory }>('/api/memories', { method: 'POST', json: body }),
  update: (key: string, body: UpdateMemory) =>
    api<{ updated: true; memory: Memory }>(`/api/memories/${encodeURIComponent(key)}`, {
      method: 'PATCH',
      json: body,
    }),
  remove: (key: string) =>
    api<{ deleted: true }>(`/api/memories/${encodeURIComponent(key)}`, { method: 'DELETE' }),
  setPreferences: (body: MemoryPreferences) =>
    api<{ updated: true; preferences: MemoryPreferences }>('/api/memories/preferences', {
      method: 'PATCH',
      json: body,
    }),
};

/** The caller's memories with their token usage; fresh each time the manager opens. */
export function useMemories() {
  const status = useAuth((s) => s.status);
  return useQuery({
    queryKey: memoryKeys.mine,
    queryFn: memoriesApi.list,
    enabled: status === 'authenticated',
    staleTime: 0,
  });
}

/**
 * Adding, changing and deleting memories and the preference. Each success updates the cached
 * list in place (with the totals recomputed) so the manager shows it without a refetch.
 */
export function useMemoryMutations() {
  const client = useQueryClient();
  const patch = (change: (answer: MemoriesAnswer) => MemoriesAnswer) =>
    client.setQueryData<MemoriesAnswer>(memoryKeys.mine, (old) => (old ? change(old) : old));
  return {
    create: useMutation({
      mutationFn: memoriesApi.create,
      onSuccess: ({ memory }) => patch((old) => withMemoryChanged(old, memory.key, memory)),
    }),
    update: useMutation({
      mutationFn: ({ key, body }: { key: string; body: UpdateMemory }) => memoriesApi.update(key, body),
      onSuccess: ({ memory }, { key }) => patch((old) => withMemoryChanged(old, key, memory)),
    }),
    remove: useMutation({
      mutationFn: memoriesApi.remove,
      onSuccess: (_answer, key) => patch((old) => withMemoryRemoved(old, key)),
    }),
    setPreferences: useMutation({
      mutationFn: memoriesApi.setPreferences,
      onSuccess: ({ preferences }) => patch((old) => ({ ...old, preferences })),
    }),
  };
}
