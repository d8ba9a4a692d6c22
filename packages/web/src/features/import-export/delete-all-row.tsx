import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { chatKeys } from '../../api/chat-api';
import { actionsApi } from '../../api/conversation-actions-api';
import { ALL_LISTS } from '../conversations';
import { SettingsActionRow } from '../../components/ui/manager-parts';
import { showToast } from '../toasts';

/** Settings → Data controls: delete all chats, after a confirmation. */
export function DeleteAllRow() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  const run = async () => {
    setPending(true);
    try {
      await actionsApi.removeAll();
      client.removeQueries({ queryKey: chatKeys.messages('').slice(0, 1) });
      client.removeQueries({ queryKey: chatKeys.conversation('').slice(0, 1) });
      await client.invalidateQueries({ queryKey: ALL_LISTS });
      setOpen(false);
      void navigate('/c/new', { replace: true });
      showToast(t('com_ui_delete_all_success'));
    } catch {
      showToast(t('com_ui_convo_delete_error'), 'error');
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsActionRow label={t('com_nav_delete_all_chats')}>
      <Button variant="danger-outline" size="sm" onClick={() => setOpen(true)} data-testid="delete-all-chats">
        {t('com_ui_delete_all')}
      </Button>
      {open && (
        <Dialog
          open
          onOpenChange={setOpen}
          title={t('com_nav_delete_all_chats')}
          description={t('com_nav_delete_all_chats_confirm')}
          closeLabel={t('com_ui_close')}
          testId="delete-all-dialog"
        >
          <div className="flex justify-end gap-2 px-6 pt-3 pb-5">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('com_ui_cancel')}
            </Button>
            <Button
              variant="danger"
              loading={pending}
              onClick={() => void run()}
              data-testid="confirm-delete-all"
            >
              {t('com_ui_delete_all')}
            </Button>
          </div>
        </Dialog>
      )}
    </SettingsActionRow>
  );
}
