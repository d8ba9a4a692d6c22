import type { SetupStatus } from '@parley/schema';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { noteInstanceHasAccount } from '../../store/auth-store';
import { setupApi } from '../../api/setup-api';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageFallback } from '../../components/ui/page-fallback';
import { TextField } from '../../components/ui/text-field';
import { AuthFrame } from './auth-frame';
import { useAuthNavigate } from './auth-location';
import { PasswordField } from './password-field';
import { providerOf, SetupProviderFields, type ProviderDraft } from './setup-provider-fields';
import { useFormFields } from './use-form-fields';
import { validateRegister } from './validation';

const EMPTY = { name: '', username: '', email: '', password: '', confirm_password: '' };

/**
 * The first run: while the instance has no account, `/login` leads here. It creates the
 * administrator, names the instance and may add a first provider, then opens the chat signed in.
 * Once any account exists the server refuses it, and this page sends the visitor to sign in.
 */
export default function SetupPage() {
  const { t } = useTranslation();
  const navigate = useAuthNavigate();
  const [status, setStatus] = useState<SetupStatus | null>(null);
  useEffect(() => {
    setupApi
      .status()
      .then((s) => {
        if (s.required) return setStatus(s);
        noteInstanceHasAccount();
        navigate('/login', { replace: true });
      })
      .catch(() => navigate('/login', { replace: true }));
  }, [navigate]);
  return (
    <AuthFrame title={t('com_auth_setup_title')}>
      {status ? <SetupForm status={status} /> : <PageFallback />}
    </AuthFrame>
  );
}

function SetupForm({ status }: { status: SetupStatus }) {
  const { t } = useTranslation();
  const form = useFormFields(EMPTY, validateRegister);
  const [appTitle, setAppTitle] = useState(status.appTitle);
  const [provider, setProvider] = useState<ProviderDraft>({ kind: '', apiKey: '', baseURL: '' });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleFixed = status.fixedBy.appTitle;
  const providerIncomplete =
    provider.kind !== '' && !status.fixedBy.providers[provider.kind] && !provider.apiKey.trim();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.attemptSubmit() || providerIncomplete) return;
    setSubmitting(true);
    setError(null);
    const { name, username, email, password, confirm_password } = form.values;
    try {
      await setupApi.run({
        name: name.trim(),
        username: username.trim(),
        email: email.trim(),
        password,
        confirm_password,
        appTitle: appTitle.trim() || status.appTitle,
        provider: providerOf(provider),
      });
      // A full load: the chat app starts with the configuration setup just changed (the instance's
      // name, the provider), signed in again through the refresh cookie setup set.
      window.location.replace('/c/new');
    } catch (err) {
      const detail = apiErrorText(err, '');
      setError(detail ? `${t('com_auth_setup_error')} ${detail}` : t('com_auth_setup_error'));
      setSubmitting(false);
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-6"
      aria-label={t('com_auth_setup_title')}
      data-testid="setup-form"
    >
      <p className="text-sm text-fg-muted">{t('com_auth_setup_intro')}</p>
      {error && (
        <Alert tone="error" testId="setup-error">
          {error}
        </Alert>
      )}
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold text-fg">{t('com_auth_setup_admin')}</legend>
        <TextField label={t('com_auth_full_name')} autoComplete="name" autoFocus {...form.bind('name')} />
        <TextField
          label={t('com_auth_username')}
          autoComplete="username"
          hint={t('com_auth_optional')}
          {...form.bind('username')}
        />
        <TextField
          label={t('com_auth_email_address')}
          type="email"
          autoComplete="email"
          {...form.bind('email')}
        />
        <PasswordField
          label={t('com_auth_password')}
          autoComplete="new-password"
          {...form.bind('password')}
        />
        <TextField
          label={t('com_auth_password_confirm')}
          type="password"
          autoComplete="new-password"
          {...form.bind('confirm_password')}
        />
      </fieldset>
      <TextField
        label={t('com_auth_setup_instance_name')}
        value={titleFixed ? status.appTitle : appTitle}
        maxLength={80}
        disabled={Boolean(titleFixed)}
        hint={titleFixed ? t('com_auth_setup_fixed_by', { source: titleFixed }) : undefined}
        onChange={(e) => setAppTitle(e.target.value)}
        data-testid="setup-app-title"
      />
      <SetupProviderFields draft={provider} onChange={setProvider} fixedBy={status.fixedBy.providers} />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={submitting}
        disabled={form.blocked || providerIncomplete}
      >
        {t('com_auth_setup_submit')}
      </Button>
    </form>
  );
}
