import { useTranslation } from 'react-i18next';
import { ShareDialog } from '../share';
import { DeleteDialog } from './delete-dialog';
import { useRowState } from './row-state';
import { useConversationActions } from './use-conversation-actions';

/** The dialogs a row opens, rendered once for the whole list. */
export function RowDialogs() {
  const { t } = useTranslation();
  const dialog = useRowState((s) => s.dialog);
  const openDialog = useRowState((s) => s.openDialog);
  const { remove } = useConversationActions();
  if (!dialog) return null;
  const close = () => openDialog(null);
  if (dialog.kind === 'share') {
    return (
      <ShareDialog
        conversationId={dialog.conversation.conversationId}
        title={dialog.conversation.title || t('com_ui_untitled')}
        onClose={close}
      />
    );
  }
  return (
    <DeleteDialog
      conversation={dialog.conversation}
      onConfirm={() => remove(dialog.conversation)}
      onClose={close}
    />
  );
}
