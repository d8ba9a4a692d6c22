import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { copyText } from '../../../lib/copy-text';
import { showToast } from '../../toasts';

/** Shows a secret or a link the server answers only once (a generated password, an invitation). */
export function OnceDialog({
  value,
  onClose,
  title,
  description,
}: {
  value: string | null;
  onClose: () => void;
  title: string;
  description: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={value !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      closeLabel={t('console.close')}
      testId="admin-once-dialog"
    >
      <div className="flex flex-col gap-3 px-6 pb-5">
        <code
          className="block rounded-lg border border-border bg-surface-muted p-3 text-sm break-all select-all"
          data-testid="admin-once-value"
        >
          {value}
        </code>
        <div className="flex justify-end gap-2">
          <Button
            variant="secondary"
            onClick={() => void copyText(value ?? '').then((ok) => ok && showToast(t('console.copied')))}
          >
            {t('console.copy')}
          </Button>
          <Button onClick={onClose}>{t('console.close')}</Button>
        </div>
      </div>
    </Dialog>
  );
}
