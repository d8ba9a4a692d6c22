import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth-api';
import { useStartupConfig } from '../../api/startup-queries';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useFormFields } from './use-form-fields';
import { validateForgotPassword } from './validation';
import { AuthLink } from './auth-link';

/**
 * Password reset request: the form becomes a confirmation. Without e-mail delivery the
 * server returns the reset link and it is shown directly; otherwise (and on errors) the generic
 * if-the-address-exists text appears, so the page never reveals which addresses have accounts.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const form = useFormFields({ email: '' }, validateForgotPassword);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<{ link?: string } | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.attemptSubmit()) return;
    setSubmitting(true);
    try {
      const answer = await authApi.requestPasswordReset(form.values.email.trim());
      setDone({ link: answer?.link });
    } catch {
      setDone({});
    } finally {
      setSubmitting(false);
    }
  };

  // Reset turned off on this server: say so before anyone types an address (the generic answer
  // below stays for servers that do reset, so it never tells whether an address exists).
  if (config?.passwordResetEnabled === false) {
    return (
      <div className="space-y-5" data-testid="reset-unavailable">
        <Alert tone="info">{t('com_auth_reset_not_available')}</Alert>
        <BackToLogin />
      </div>
    );
  }

  if (done) {
    const showLink = done.link && config?.emailEnabled === false;
    return (
      <div className="space-y-5" data-testid="reset-requested">
        {showLink ? (
          <Alert tone="info">
            <p>{t('com_auth_reset_link_below')}</p>
            <a
              href={done.link}
              className="mt-2 block font-medium break-all text-accent underline"
              data-testid="reset-link"
            >
              {done.link}
            </a>
          </Alert>
        ) : (
          <Alert tone="success">{t('com_auth_reset_password_if_email_exists')}</Alert>
        )}
        <BackToLogin />
      </div>
    );
  }

  return (
    <>
      <p className="mb-5 text-center text-sm text-fg-muted">{t('com_auth_reset_password_intro')}</p>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label={t('com_auth_email_address')}
          type="email"
          autoComplete="email"
          autoFocus
          {...form.bind('email')}
        />
        <Button type="submit" size="lg" className="w-full" loading={submitting} disabled={form.blocked}>
          {t('com_auth_continue')}
        </Button>
      </form>
      <div className="mt-6">
        <BackToLogin />
      </div>
    </>
  );
}

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <p className="text-center text-sm">
      <AuthLink to="/login" className="font-medium text-accent hover:underline">
        {t('com_auth_back_to_login')}
      </AuthLink>
    </p>
  );
}
