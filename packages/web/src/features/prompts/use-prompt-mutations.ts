import type { PromptGroup, PromptVersion } from '@parley/schema';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../toasts';
import { productionMutation } from './production-mutation';
import { afterVersionDeleted } from './prompt-cache-rules';
import { promptKeys, promptsApi, type CreatePromptInput, type GroupUpdate } from './prompts-api';

/** Lists (pages, the chat-side list) show names, texts and markers: refresh them after a change. */
function refreshLists(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: promptKeys.groupPages });
  void client.invalidateQueries({ queryKey: promptKeys.allGroups });
}

/** POST /api/prompts: a new group with its first version, or a new version of a group. */
export function useCreatePrompt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePromptInput) => promptsApi.create(body),
    onSuccess: (result) => {
      const groupId = result.prompt.groupId;
      if (result.group) client.setQueryData(promptKeys.group(groupId), result.group);
      client.setQueryData<PromptVersion[]>(promptKeys.versions(groupId), (old) =>
        old ? [result.prompt, ...old] : old,
      );
      if (!result.group) void client.invalidateQueries({ queryKey: promptKeys.group(groupId) });
      refreshLists(client);
    },
  });
}

/** PATCH /api/prompts/groups/{id}; a failure shows the update-error toast. */
export function useUpdateGroup(groupId: string) {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: GroupUpdate) => promptsApi.updateGroup(groupId, body),
    onSuccess: (group) => {
      client.setQueryData(promptKeys.group(groupId), group);
      refreshLists(client);
    },
    onError: () => showToast(t('prompts.update_error'), 'error'),
  });
}

/**
 * PATCH …/tags/production, applied to the cached group at once and restored on error.
 */
export function useMakeProduction(groupId: string) {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation(
    productionMutation(client, groupId, {
      send: promptsApi.makeProduction,
      onFailure: () => showToast(t('prompts.update_error'), 'error'),
      onDone: () => refreshLists(client),
    }),
  );
}

/**
 * DELETE /api/prompts/{id}?groupId=: when the server says the group went too, its caches go;
 * otherwise production moves to the first remaining version.
 */
export function useDeleteVersion(groupId: string, onGroupDeleted: () => void) {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (version: PromptVersion) => promptsApi.deleteVersion(version._id, groupId),
    onSuccess: (result, version) => {
      if (result.promptGroup) {
        forgetGroup(client, groupId);
        onGroupDeleted();
        return;
      }
      const next = afterVersionDeleted(
        client.getQueryData<PromptVersion[]>(promptKeys.versions(groupId)) ?? [],
        client.getQueryData<PromptGroup>(promptKeys.group(groupId)),
        version._id,
      );
      client.setQueryData(promptKeys.versions(groupId), next.versions);
      if (next.group) client.setQueryData(promptKeys.group(groupId), next.group);
      refreshLists(client);
    },
    onError: () => showToast(t('prompts.update_error'), 'error'),
  });
}

export function useDeleteGroup(groupId: string, onDeleted: () => void) {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => promptsApi.deleteGroup(groupId),
    onSuccess: () => {
      forgetGroup(client, groupId);
      onDeleted();
    },
    onError: () => showToast(t('prompts.delete_error'), 'error'),
  });
}

function forgetGroup(client: QueryClient, groupId: string): void {
  client.removeQueries({ queryKey: promptKeys.group(groupId) });
  client.removeQueries({ queryKey: promptKeys.versions(groupId) });
  refreshLists(client);
}
