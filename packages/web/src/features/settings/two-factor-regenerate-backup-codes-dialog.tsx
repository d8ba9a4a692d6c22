import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { twoFactorApi } from '../../api/two-factor-api';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { showToast } from '../toasts';
import { BackupCodesView } from './two-factor-backup-codes-view';
import { codeBody } from './two-factor-code-body';
import { CodeField } from './two-factor-code-field';

/** New backup codes for a current code; the old codes stop working. */
export function RegenerateBackupCodesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = codeBody(code, true);
    if (!body) return;
    setBusy(true);
    try {
      setCodes((await twoFactorApi.regenerateBackupCodes(body)).backupCodes);
      showToast(t('com_ui_backup_codes_regenerated'));
    } catch (err) {
      showToast(apiErrorText(err, t('com_ui_backup_codes_regenerate_error')), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_ui_backup_codes')}
      closeLabel={t('com_ui_close')}
      testId="backup-codes-dialog"
    >
      <div className="space-y-4 px-6 pt-2 pb-6">
        {codes ? (
          <>
            <BackupCodesView codes={codes} />
            <Button className="w-full" onClick={onClose}>
              {t('com_ui_done')}
            </Button>
          </>
        ) : (
          <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
            <p className="text-sm text-fg-muted">{t('com_ui_backup_codes_regenerate_info')}</p>
            <CodeField
              label={t('com_ui_2fa_code_or_backup')}
              value={code}
              onChange={setCode}
              allowBackup
              testId="two-factor-code"
            />
            <Button type="submit" className="w-full" loading={busy} disabled={!codeBody(code, true)}>
              {t('com_ui_regenerate_backup')}
            </Button>
          </form>
        )}
      </div>
    </Dialog>
  );
}
