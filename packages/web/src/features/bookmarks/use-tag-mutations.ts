import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { hasErrorCode } from '../../api/api-error';
import { chatKeys } from '../../api/chat-api';
import { patchEverywhere, refreshLists } from '../conversations';
import { showToast } from '../toasts';
import { useFilterStore } from './filter-store';
import { tagKeys, tagsApi } from './tags-api';

/** Every cached single conversation (their `tags` change when a bookmark is renamed or deleted). */
const OPEN_CONVERSATIONS = chatKeys.conversation('').slice(0, 1);

/** Bookmark changes, each keeping the counts, the lists and the filter in step. */
export function useTagMutations() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const renameFilter = useFilterStore((s) => s.rename);

  const afterChange = useCallback(() => {
    void client.invalidateQueries({ queryKey: tagKeys.all });
    void refreshLists(client);
  }, [client]);

  const setTags = useCallback(
    async (conversationId: string, tags: string[]) => {
      try {
        const saved = await tagsApi.setForConversation(conversationId, tags);
        patchEverywhere(client, conversationId, { tags: saved });
        afterChange();
      } catch {
        showToast(t('com_ui_bookmarks_update_error'), 'error');
      }
    },
    [afterChange, client, t],
  );

  /** Creates a bookmark, optionally putting it on a conversation at once. */
  const create = useCallback(
    async (tag: string, description: string, conversation?: { conversationId: string; tags: string[] }) => {
      try {
        const created = await tagsApi.create({
          tag,
          description: description || undefined,
          conversationId: conversation?.conversationId,
        });
        if (conversation) {
          patchEverywhere(client, conversation.conversationId, { tags: [...conversation.tags, created.tag] });
        }
        afterChange();
        showToast(t('com_ui_bookmarks_create_success'));
        return true;
      } catch (error) {
        showToast(
          t(hasErrorCode(error, 'conflict') ? 'com_ui_bookmarks_exists' : 'com_ui_bookmarks_create_error'),
          'error',
        );
        return false;
      }
    },
    [afterChange, client, t],
  );

  const update = useCallback(
    async (tag: string, next: { tag: string; description: string }) => {
      try {
        const saved = await tagsApi.update(tag, next);
        if (saved.tag !== tag) renameFilter(tag, saved.tag);
        afterChange();
        void client.invalidateQueries({ queryKey: OPEN_CONVERSATIONS });
        showToast(t('com_ui_bookmarks_update_success'));
        return true;
      } catch (error) {
        showToast(
          t(hasErrorCode(error, 'conflict') ? 'com_ui_bookmarks_exists' : 'com_ui_bookmarks_update_error'),
          'error',
        );
        return false;
      }
    },
    [afterChange, client, renameFilter, t],
  );

  const remove = useCallback(
    async (tag: string) => {
      try {
        await tagsApi.remove(tag);
        renameFilter(tag, '');
        afterChange();
        void client.invalidateQueries({ queryKey: OPEN_CONVERSATIONS });
        showToast(t('com_ui_bookmarks_delete_success'));
      } catch {
        showToast(t('com_ui_bookmarks_delete_error'), 'error');
      }
    },
    [afterChange, client, renameFilter, t],
  );

  return { setTags, create, update, remove };
}
