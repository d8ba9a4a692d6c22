import { signsInWithPassword } from '@parley/schema';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { SwitchRow } from '../../components/ui/switch';
import { useAuth } from '../../store/auth-store';
import { RegenerateBackupCodesDialog } from './two-factor-regenerate-backup-codes-dialog';
import { TwoFactorDialog, type TwoFactorStep } from './two-factor-dialog';

/**
 * The Account tab's two-factor switch and, while it is on, the backup-codes row. Only accounts
 * that sign in with a password have them.
 */
export function TwoFactorRows() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const [dialog, setDialog] = useState<TwoFactorStep | 'backup-codes' | null>(null);
  if (!user || !signsInWithPassword(user)) return null;
  const enabled = user.twoFactorEnabled;
  return (
    <>
      <SwitchRow
        label={t('com_nav_2fa')}
        description={t(enabled ? 'com_nav_2fa_on' : 'com_nav_2fa_description')}
        checked={enabled}
        onCheckedChange={() => setDialog(enabled ? 'disable' : 'setup')}
        testId="two-factor-switch"
      />
      {enabled && (
        <div className="flex items-center justify-between gap-4 py-3">
          <div>
            <p className="text-sm font-medium">{t('com_ui_backup_codes')}</p>
            <p className="mt-0.5 text-[13px] text-fg-muted">{t('com_ui_backup_codes_description')}</p>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setDialog('backup-codes')}
            data-testid="regenerate-backup-codes"
          >
            <KeyRound className="size-4" aria-hidden />
            {t('com_ui_regenerate')}
          </Button>
        </div>
      )}
      {dialog === 'backup-codes' && <RegenerateBackupCodesDialog onClose={() => setDialog(null)} />}
      {dialog && dialog !== 'backup-codes' && (
        <TwoFactorDialog initialStep={dialog} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
