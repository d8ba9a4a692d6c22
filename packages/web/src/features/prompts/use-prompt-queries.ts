import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useHasPermission } from '../auth';
import { promptKeys, promptsApi, type GroupPageQuery } from './prompts-api';

const MINUTE = 60 * 1000;

/** One page of the library's group list; the previous page stays shown while the next loads. */
export function useGroupPage(q: GroupPageQuery) {
  const allowed = useHasPermission('PROMPTS', 'USE');
  return useQuery({
    queryKey: promptKeys.groupPage(q),
    queryFn: () => promptsApi.groups(q),
    enabled: allowed,
    placeholderData: keepPreviousData,
    staleTime: MINUTE,
  });
}

/** Every group the user can run (chat side panel and `/` picker). */
export function useAllGroups(enabled = true) {
  const allowed = useHasPermission('PROMPTS', 'USE');
  return useQuery({
    queryKey: promptKeys.allGroups,
    queryFn: promptsApi.allGroups,
    enabled: allowed && enabled,
    staleTime: MINUTE,
  });
}

export function useGroup(groupId: string | undefined) {
  const allowed = useHasPermission('PROMPTS', 'USE');
  return useQuery({
    queryKey: promptKeys.group(groupId ?? ''),
    queryFn: () => promptsApi.group(groupId ?? ''),
    enabled: allowed && Boolean(groupId),
    retry: false,
  });
}

/** A group's versions, newest first. */
export function useVersions(groupId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: promptKeys.versions(groupId ?? ''),
    queryFn: () => promptsApi.versions(groupId ?? ''),
    enabled: enabled && Boolean(groupId),
  });
}

export function useCategories() {
  return useQuery({ queryKey: promptKeys.categories, queryFn: promptsApi.categories, staleTime: Infinity });
}
