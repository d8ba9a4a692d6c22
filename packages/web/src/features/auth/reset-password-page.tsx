import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth-api';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { PasswordField } from './password-field';
import { useFormFields } from './use-form-fields';
import { validateResetPassword } from './validation';
import { AuthLink } from './auth-link';
import { useAuthNavigate, useAuthSearchParams } from './auth-location';

/** Sets a new password with the token and userId from the reset link. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useAuthNavigate();
  const params = useAuthSearchParams();
  const token = params.get('token') ?? '';
  const userId = params.get('userId') ?? '';
  const form = useFormFields({ password: '', confirm_password: '' }, validateResetPassword);
  const [state, setState] = useState<'form' | 'submitting' | 'success' | 'invalid'>('form');

  const missing = [!token && t('com_auth_reset_no_token'), !userId && t('com_auth_reset_no_user_id')].filter(
    (m): m is string => Boolean(m),
  );

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (missing.length > 0 || !form.attemptSubmit()) return;
    setState('submitting');
    try {
      await authApi.resetPassword({ token, userId, ...form.values });
      setState('success');
    } catch {
      setState('invalid');
    }
  };

  if (state === 'success') {
    return (
      <div className="space-y-5" data-testid="reset-success">
        <Alert tone="success">{t('com_auth_login_with_new_password')}</Alert>
        <Button size="lg" className="w-full" onClick={() => navigate('/login')}>
          {t('com_auth_continue')}
        </Button>
      </div>
    );
  }

  return (
    <>
      {(state === 'invalid' || missing.length > 0) && (
        <div className="mb-5">
          <Alert tone="error" testId="reset-error">
            {missing.length > 0
              ? missing.map((m) => <p key={m}>{m}</p>)
              : t('com_auth_error_invalid_reset_token')}{' '}
            <AuthLink to="/forgot-password" className="font-medium underline">
              {t('com_auth_click_here')}
            </AuthLink>{' '}
            {t('com_auth_to_try_again')}
          </Alert>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <PasswordField
          label={t('com_auth_password')}
          autoComplete="new-password"
          autoFocus
          {...form.bind('password')}
        />
        <TextField
          label={t('com_auth_password_confirm')}
          type="password"
          autoComplete="new-password"
          {...form.bind('confirm_password')}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={state === 'submitting'}
          disabled={form.blocked || missing.length > 0}
        >
          {t('com_auth_continue')}
        </Button>
      </form>
    </>
  );
}
