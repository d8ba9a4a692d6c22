import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SettingsActionRow } from '../../components/ui/manager-parts';
import { showToast } from '../toasts';
import { useRevokeAllKeys } from '../../api/keys-api';

/** Settings → Data controls: forget every API key the user saved, after a confirmation. */
export function RevokeAllKeysRow() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const revoke = useRevokeAllKeys();

  const run = async () => {
    try {
      await revoke.mutateAsync();
      setOpen(false);
      showToast(t('com_ui_revoke_keys_success'));
    } catch {
      showToast(t('com_ui_revoke_keys_error'), 'error');
    }
  };

  return (
    <SettingsActionRow label={t('com_ui_revoke_keys')} description={t('com_ui_revoke_keys_description')}>
      <Button variant="danger-outline" size="sm" onClick={() => setOpen(true)} data-testid="revoke-all-keys">
        {t('com_ui_revoke')}
      </Button>
      {open && (
        <Dialog
          open
          onOpenChange={setOpen}
          title={t('com_ui_revoke_keys')}
          description={t('com_ui_revoke_keys_confirm')}
          closeLabel={t('com_ui_close')}
          testId="revoke-all-keys-dialog"
        >
          <div className="flex justify-end gap-2 px-6 pt-3 pb-5">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t('com_ui_cancel')}
            </Button>
            <Button
              variant="danger"
              loading={revoke.isPending}
              onClick={() => void run()}
              data-testid="confirm-revoke-all-keys"
            >
              {t('com_ui_revoke')}
            </Button>
          </div>
        </Dialog>
      )}
    </SettingsActionRow>
  );
}
