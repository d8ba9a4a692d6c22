import type { User } from '@parley/schema';
import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { userApi } from '../../api/user-api';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { setUser, useAuth } from '../../store/auth-store';
import { showToast } from '../toasts';
import { AccountCredentialDialogs } from './account-credential-dialogs';
import { saveBlob } from '../../lib/save-blob';
import { dispositionName } from './disposition-name';

/**
 * The account's own details on the Account tab: name and username, the address and password
 * (each changed in a dialog), and "export all my data".
 */
export function AccountProfileRows() {
  const user = useAuth((s) => s.user);
  if (!user) return null;
  return (
    <>
      <ProfileForm user={user} />
      <AccountCredentialDialogs user={user} />
      <ExportRow />
    </>
  );
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [name, setName] = useState(user.name);
  const [username, setUsername] = useState(user.username ?? '');
  const [saving, setSaving] = useState(false);
  const changed = name.trim() !== user.name || username.trim() !== (user.username ?? '');
  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      setUser(await userApi.updateProfile({ name: name.trim(), username: username.trim() }));
      showToast(t('com_account_saved'), 'success');
    } catch (err) {
      showToast(apiErrorText(err, t('com_account_save_error')), 'error');
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={onSave} className="space-y-3 py-3" data-testid="account-profile">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('com_auth_full_name')}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label={t('com_auth_username')}
          value={username}
          maxLength={80}
          onChange={(e) => setUsername(e.target.value)}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={!changed || name.trim().length < 3} loading={saving}>
          {t('com_ui_save')}
        </Button>
      </div>
    </form>
  );
}

function ExportRow() {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    try {
      const res = await userApi.exportAll();
      saveBlob(
        await res.blob(),
        dispositionName(res.headers.get('content-disposition'), 'parley-export.tar.gz'),
      );
    } catch (err) {
      showToast(apiErrorText(err, t('com_account_export_error')), 'error');
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <p className="text-sm font-medium">{t('com_account_export')}</p>
        <p className="mt-0.5 text-[13px] text-fg-muted">{t('com_account_export_description')}</p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        loading={exporting}
        onClick={() => void onExport()}
        data-testid="export-all-data"
      >
        <Download className="size-4" aria-hidden />
        {t('com_ui_download')}
      </Button>
    </div>
  );
}
