import type { Conversation } from '@parley/schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/** "Delete chat?" — the confirmation before a conversation is deleted. */
export function DeleteDialog({
  conversation,
  onConfirm,
  onClose,
}: {
  conversation: Conversation;
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    const ok = await onConfirm();
    setPending(false);
    if (ok) onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_ui_delete_conversation')}
      description={t('com_ui_delete_confirm', { title: conversation.title || t('com_ui_untitled') })}
      closeLabel={t('com_ui_close')}
      testId="delete-dialog"
    >
      <div className="flex justify-end gap-2 px-6 pt-3 pb-5">
        <Button variant="ghost" onClick={onClose}>
          {t('com_ui_cancel')}
        </Button>
        <Button
          variant="danger"
          loading={pending}
          onClick={() => void confirm()}
          data-testid="confirm-delete"
        >
          {t('com_ui_delete')}
        </Button>
      </div>
    </Dialog>
  );
}
