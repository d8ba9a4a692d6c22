import type { LoginResult } from '@parley/schema';
import { Suspense, useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { AreaError } from '../../components/ui/area-error';
import { lazyArea } from '../../components/ui/lazy-area';
import type { Turnstile as TurnstileWidget } from './turnstile';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { authApi } from '../../api/auth-api';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { PasswordField } from './password-field';
import { useStartupConfig } from '../../api/startup-queries';
import { setSession } from '../../store/auth-store';
import { useCountdown } from './use-countdown';
import { useFormFields } from './use-form-fields';
import { validateRegister } from './validation';

// Loaded only when parley.yaml configures the human check.
import { useHumanCheck } from './use-human-check';
import { AuthLink } from './auth-link';
import { useAuthNavigate, useAuthSearchParams } from './auth-location';

// A check that cannot load says so in place, with Retry, and loads again on reconnect.
const Turnstile = lazyArea<ComponentProps<typeof TurnstileWidget>>(
  () => import('./turnstile').then((m) => ({ default: m.Turnstile })),
  (retry) => <AreaError onRetry={retry} />,
).Area;

const EMPTY = { name: '', username: '', email: '', password: '', confirm_password: '' };

/**
 * Registration: success shows a message and counts down 3 s to /c/new. When the new
 * account may sign in straight away, the session is opened with the same credentials so /c/new
 * opens signed in; otherwise the shell sends the user on to /login.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useAuthNavigate();
  const params = useAuthSearchParams();
  const form = useFormFields(EMPTY, validateRegister);
  const [state, setState] = useState<'idle' | 'submitting' | 'success'>('idle');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const session = useRef<Promise<LoginResult | null> | null>(null);
  const { data: config } = useStartupConfig();
  const turnstile = config?.turnstile?.siteKey ? config.turnstile : undefined;
  const human = useHumanCheck();

  const { remaining } = useCountdown(state === 'success', () => {
    void (async () => {
      const result = await session.current;
      if (result?.token) setSession(result.token, result.user ?? null);
      navigate('/c/new', { replace: true });
    })();
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.attemptSubmit()) return;
    setState('submitting');
    setError(null);
    const { name, username, email, password, confirm_password } = form.values;
    const token = params.get('token') ?? undefined;
    try {
      const answer = await authApi.register({
        name: name.trim(),
        username: username.trim(),
        email: email.trim(),
        password,
        confirm_password,
        ...(token ? { token } : {}),
        ...(human.token ? { turnstileToken: human.token } : {}),
      });
      setMessage(answer?.message ?? '');
      // With the human check on, its answer was spent on registering: the grant stands in for it.
      session.current = authApi
        .login(email.trim(), password, { humanCheckGrant: answer?.humanCheckGrant })
        .catch(() => null);
      setState('success');
    } catch (err) {
      // The human check's answer was spent on this attempt: the next one needs a new answer.
      human.spent();
      const detail = apiErrorText(err, '');
      setError(detail ? `${t('com_auth_error_create')} ${detail}` : t('com_auth_error_create'));
      setState('idle');
    }
  };

  if (state === 'success') {
    return (
      <div className="space-y-4 text-center" data-testid="register-success">
        <Alert tone="success">
          {/* The server's answer already starts with the success sentence: say it once. */}
          {message || t('com_auth_registration_success')}
        </Alert>
        <p className="text-sm text-fg-muted">{t('com_auth_redirect_countdown', { count: remaining })}</p>
      </div>
    );
  }

  return (
    <>
      {error && (
        <div className="mb-5">
          <Alert tone="error" testId="register-error">
            {error}
          </Alert>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('com_auth_create_account')}>
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
        {turnstile && (
          <Suspense fallback={null}>
            <Turnstile
              siteKey={turnstile.siteKey}
              options={turnstile.options}
              onToken={human.setToken}
              round={human.round}
            />
          </Suspense>
        )}
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={state === 'submitting'}
          disabled={form.blocked || (turnstile !== undefined && !human.token)}
        >
          {t('com_auth_submit_registration')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-fg-muted">
        {t('com_auth_already_have_account')}{' '}
        <AuthLink to="/login" className="font-medium text-accent hover:underline">
          {t('com_auth_login')}
        </AuthLink>
      </p>
    </>
  );
}
