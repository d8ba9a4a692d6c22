import type { ForkOption } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chatKeys } from '../../api/chat-api';
import { addConversationToList } from '../conversations';
import { showToast } from '../toasts';
import { actionsApi } from '../../api/conversation-actions-api';

/** Forks a conversation at a message and opens the copy (POST /api/convos/fork). */
export function useFork() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (conversationId: string, messageId: string, option: ForkOption, splitAtTarget: boolean) => {
      showToast(t('com_ui_fork_processing'), 'info');
      try {
        const fork = await actionsApi.fork({ conversationId, messageId, option, splitAtTarget });
        const id = fork.conversation.conversationId;
        client.setQueryData(chatKeys.messages(id), fork.messages);
        client.setQueryData(chatKeys.conversation(id), fork.conversation);
        addConversationToList(client, fork.conversation);
        void navigate(`/c/${id}`);
        showToast(t('com_ui_fork_success'));
        return true;
      } catch {
        showToast(t('com_ui_fork_error'), 'error');
        return false;
      }
    },
    [client, navigate, t],
  );
}
