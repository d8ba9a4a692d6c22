import type { Conversation } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { hasErrorCode } from '../../api/api-error';
import { chatKeys } from '../../api/chat-api';
import { addConversationToList } from '../conversations';
import { showToast } from '../toasts';
import { actionsApi } from '../../api/conversation-actions-api';
import { patchEverywhere, refreshLists, removeFromLists } from '../conversations';
import { titleToSave } from './rename-rules';

/**
 * What the row menu does: rename, delete, duplicate and archive, with the navigation
 * each needs when it touches the open conversation.
 */
export function useConversationActions() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { conversationId: current } = useParams();

  const leaveIfOpen = useCallback(
    (conversationId: string, alsoFromNew: boolean) => {
      const open = current === conversationId || (alsoFromNew && current === 'new');
      if (open) void navigate('/c/new', { replace: true });
    },
    [current, navigate],
  );

  /** Saves a new title; an unchanged one makes no call, a failure puts the old one back. */
  const rename = useCallback(
    async (conversation: Conversation, input: string) => {
      const old = conversation.title;
      const title = titleToSave(input, old);
      if (title === null) return;
      patchEverywhere(client, conversation.conversationId, { title });
      try {
        await actionsApi.update(conversation.conversationId, { title });
      } catch {
        patchEverywhere(client, conversation.conversationId, { title: old });
        showToast(t('com_ui_rename_failed'), 'error');
      }
    },
    [client, t],
  );

  const remove = useCallback(
    async (conversation: Conversation) => {
      const id = conversation.conversationId;
      try {
        await actionsApi.remove(id, conversation.endpoint);
      } catch (error) {
        showToast(
          t(hasErrorCode(error, 'forbidden') ? 'com_ui_delete_not_allowed' : 'com_ui_convo_delete_error'),
          'error',
        );
        return false;
      }
      removeFromLists(client, id);
      client.removeQueries({ queryKey: chatKeys.messages(id) });
      client.removeQueries({ queryKey: chatKeys.conversation(id) });
      leaveIfOpen(id, true);
      void refreshLists(client);
      return true;
    },
    [client, leaveIfOpen, t],
  );

  const duplicate = useCallback(
    async (conversation: Conversation) => {
      showToast(t('com_ui_duplication_processing'), 'info');
      try {
        const copy = await actionsApi.duplicate(conversation.conversationId);
        const id = copy.conversation.conversationId;
        client.setQueryData(chatKeys.messages(id), copy.messages);
        client.setQueryData(chatKeys.conversation(id), copy.conversation);
        addConversationToList(client, copy.conversation);
        void navigate(`/c/${id}`);
        showToast(t('com_ui_duplication_success'));
      } catch {
        showToast(t('com_ui_duplication_error'), 'error');
      }
    },
    [client, navigate, t],
  );

  const archive = useCallback(
    async (conversation: Conversation, isArchived = true) => {
      const id = conversation.conversationId;
      try {
        const updated = await actionsApi.update(id, { isArchived });
        client.setQueryData(chatKeys.conversation(id), updated);
      } catch {
        showToast(t(isArchived ? 'com_ui_archive_error' : 'com_ui_unarchive_error'), 'error');
        return false;
      }
      removeFromLists(client, id);
      if (isArchived) leaveIfOpen(id, false);
      void refreshLists(client);
      return true;
    },
    [client, leaveIfOpen, t],
  );

  return { rename, remove, duplicate, archive };
}
