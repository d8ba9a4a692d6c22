import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog } from './dialog';

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      description={props.description}
      closeLabel={t('com_ui_close')}
      testId={props.testId}
    >
      <div className="flex justify-end gap-2 px-6 pt-3 pb-5">
        <Button variant="ghost" onClick={() => props.onOpenChange(false)}>
          {t('com_ui_cancel')}
        </Button>
        <Button
          variant="danger"
          loading={props.pending}
          onClick={props.onConfirm}
          data-testid="confirm-button"
        >
          {props.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
