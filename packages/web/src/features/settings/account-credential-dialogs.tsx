import type { User } from '@parley/schema';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { userApi } from '../../api/user-api';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { setUser } from '../../store/auth-store';
import { showToast } from '../toasts';

type Open = 'email' | 'password' | null;

/** The address and password rows, each opening a dialog that asks for the current password. */
export function AccountCredentialDialogs({ user }: { user: User }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const hasPassword = user.provider === 'local';
  return (
    <>
      <Row
        title={t('com_auth_email_address')}
        detail={user.pendingEmail ? t('com_account_email_pending', { email: user.pendingEmail }) : user.email}
        action={hasPassword ? t('com_account_change_email') : null}
        onAction={() => setOpen('email')}
        testId="change-email"
      />
      {hasPassword && (
        <Row
          title={t('com_auth_password')}
          detail="••••••••"
          action={t('com_account_change_password')}
          onAction={() => setOpen('password')}
          testId="change-password"
        />
      )}
      {open === 'email' && <EmailDialog onClose={() => setOpen(null)} user={user} />}
      {open === 'password' && <PasswordDialog onClose={() => setOpen(null)} />}
    </>
  );
}

function Row(props: {
  title: string;
  detail: string;
  action: string | null;
  onAction: () => void;
  testId: string;
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium">{props.title}</p>
        <p className="mt-0.5 truncate text-[13px] text-fg-muted" data-testid={`${props.testId}-detail`}>
          {props.detail}
        </p>
      </div>
      {props.action && (
        <Button variant="secondary" size="sm" onClick={props.onAction} data-testid={props.testId}>
          {props.action}
        </Button>
      )}
    </div>
  );
}

/** A dialog with a form: the submit button shows progress, the server's refusal shows inside. */
function FormDialog(props: {
  title: string;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  submitLabel: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await props.onSubmit();
      props.onClose();
    } catch (err) {
      setError(apiErrorText(err, t('com_account_save_error')));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && props.onClose()}
      title={props.title}
      closeLabel={t('com_ui_close')}
      testId={props.testId}
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4 px-6 pt-2 pb-6">
        {error && (
          <Alert tone="error" testId={`${props.testId}-error`}>
            {error}
          </Alert>
        )}
        {props.children}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={props.onClose}>
            {t('com_ui_cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {props.submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function EmailDialog({ onClose, user }: { onClose: () => void; user: User }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const onSubmit = async () => {
    const answer = await userApi.changeEmail({ email: email.trim(), currentPassword });
    setUser(await userApi.me());
    showToast(
      answer.status === 'changed'
        ? t('com_account_saved')
        : t('com_account_email_pending', { email: email.trim() }),
      'success',
    );
  };
  return (
    <FormDialog
      title={t('com_account_change_email')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('com_ui_save')}
      testId="email-dialog"
    >
      <p className="text-sm text-fg-muted">{user.email}</p>
      <TextField
        label={t('com_account_new_email')}
        type="email"
        autoComplete="email"
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label={t('com_account_current_password')}
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
      />
    </FormDialog>
  );
}

function PasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [fields, setFields] = useState({ currentPassword: '', password: '', confirm_password: '' });
  const bind = (key: keyof typeof fields) => ({
    value: fields[key],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value })),
  });
  const onSubmit = async () => {
    await userApi.changePassword(fields);
    showToast(t('com_account_password_changed'), 'success');
  };
  return (
    <FormDialog
      title={t('com_account_change_password')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('com_ui_save')}
      testId="password-dialog"
    >
      <TextField
        label={t('com_account_current_password')}
        type="password"
        autoComplete="current-password"
        autoFocus
        {...bind('currentPassword')}
      />
      <TextField
        label={t('com_account_new_password')}
        type="password"
        autoComplete="new-password"
        {...bind('password')}
      />
      <TextField
        label={t('com_auth_password_confirm')}
        type="password"
        autoComplete="new-password"
        {...bind('confirm_password')}
      />
    </FormDialog>
  );
}
