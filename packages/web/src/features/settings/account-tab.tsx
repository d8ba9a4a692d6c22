import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { userApi } from '../../api/user-api';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SwitchRow } from '../../components/ui/switch';
import { TextField } from '../../components/ui/text-field';
import { clearSession, setUser, useAuth } from '../../store/auth-store';
import { resetSettings, useSettings } from '../../store/settings-store';
import { useShell } from '../../store/shell-store';
import { AvatarRow } from '../avatar';
import { showToast } from '../toasts';
import { emailConfirmed } from './delete-account';
import { TwoFactorRows } from './two-factor-rows';
import { PasskeyRows } from '../passkeys';
import { LinkedSignInRows } from './linked-sign-ins';
import { AccountProfileRows } from './account-profile-rows';
import { useAnswerFiguresShown } from '../messages';

/** The switch for the line of timings, tokens and credits under answers, saved on the account. */
function AnswerFiguresSwitch() {
  const { t } = useTranslation();
  const shown = useAnswerFiguresShown();
  const onChange = (value: boolean) => {
    userApi
      .updateProfile({ showAnswerFigures: value })
      .then(setUser)
      .catch(() => showToast(t('com_account_save_error'), 'error'));
  };
  return (
    <SwitchRow
      label={t('com_nav_show_answer_figures')}
      checked={shown}
      onCheckedChange={onChange}
      testId="answer-figures-switch"
    />
  );
}

/**
 * Account settings: name and username, address, password, export, the answer-figures switch,
 * display-username switch, profile picture, two-factor, backup codes, passkeys,
 * linked sign-ins, account deletion.
 */
export function AccountTab() {
  const { t } = useTranslation();
  const showUsername = useSettings((s) => s.UsernameDisplay);
  const setSetting = useSettings((s) => s.setSetting);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="divide-y divide-border">
      <AccountProfileRows />
      <AnswerFiguresSwitch />
      <SwitchRow
        label={t('com_nav_user_name_display')}
        checked={showUsername}
        onCheckedChange={(v) => setSetting('UsernameDisplay', v)}
      />
      <AvatarRow />
      <TwoFactorRows />
      <PasskeyRows />
      <LinkedSignInRows />
      <div className="flex items-center justify-between gap-4 py-3">
        <div>
          <p className="text-sm font-medium">{t('com_nav_delete_account')}</p>
          <p className="mt-0.5 text-[13px] text-fg-muted">{t('com_nav_delete_account_description')}</p>
        </div>
        <Button
          variant="danger-outline"
          size="sm"
          onClick={() => setConfirming(true)}
          data-testid="delete-account"
        >
          <Trash2 className="size-4" aria-hidden />
          {t('com_ui_delete')}
        </Button>
      </div>
      {confirming && <DeleteAccountDialog onClose={() => setConfirming(false)} />}
    </div>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const email = useAuth((s) => s.user?.email);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const closeSettings = useShell((s) => s.setSettingsOpen);
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const unlocked = emailConfirmed(typed, email);

  const onDelete = async () => {
    setDeleting(true);
    try {
      await userApi.deleteAccount();
      queryClient.clear();
      clearSession();
      resetSettings();
      closeSettings(false);
      void navigate('/login', { replace: true });
    } catch {
      showToast(t('com_nav_delete_account_error'), 'error');
      setDeleting(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_nav_delete_account_confirm')}
      closeLabel={t('com_ui_close')}
      testId="delete-account-dialog"
    >
      <div className="space-y-4 px-6 pt-2 pb-6">
        <p className="rounded-lg bg-danger-soft px-3.5 py-3 text-sm text-danger">
          {t('com_nav_delete_warning')}
        </p>
        <p className="text-sm text-fg-muted" data-testid="delete-account-removes">
          {t('com_nav_delete_account_removes')}
        </p>
        <TextField
          label={t('com_nav_delete_account_email_label', { email })}
          type="email"
          value={typed}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={!unlocked}
            loading={deleting}
            onClick={() => void onDelete()}
            data-testid="confirm-delete-account"
          >
            {t('com_nav_delete_account_button')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
