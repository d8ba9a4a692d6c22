import { Suspense, useEffect, useState, type ComponentProps, type FormEvent } from 'react';
import { AreaError } from '../../components/ui/area-error';
import { lazyArea } from '../../components/ui/lazy-area';
import type { Turnstile as TurnstileWidget } from './turnstile';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { authApi } from '../../api/auth-api';
import { useStartupConfig } from '../../api/startup-queries';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { setSession, useAuth } from '../../store/auth-store';
import { PasskeySignInButton } from '../passkeys';
import { lockoutWait, loginErrorKey } from './login-error';
import { oauthErrorMessage } from './oauth-error';
import { useFormFields } from './use-form-fields';
import { validateLogin, validateUsernameLogin } from './validation';

// Loaded only when parley.yaml configures the human check, so the page stays light without it.
import { useHumanCheck } from './use-human-check';
import { AuthLink } from './auth-link';
import { useAuthNavigate, useAuthSearchParams } from './auth-location';

// A check that cannot load says so in place, with Retry, and loads again on reconnect.
const Turnstile = lazyArea<ComponentProps<typeof TurnstileWidget>>(
  () => import('./turnstile').then((m) => ({ default: m.Turnstile })),
  (retry) => <AreaError onRetry={retry} />,
).Area;
// Loaded only where wallet sign-in is on: most instances never show the button.
const WalletSignInButton = lazyArea<{ onError: (message: string | null) => void }>(
  () => import('./wallet-sign-in-button').then((m) => ({ default: m.WalletSignInButton })),
  (retry) => <AreaError onRetry={retry} />,
).Area;

/** Sign-in with e-mail and password; two-factor pending goes to /login/2fa. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useAuthNavigate();
  const params = useAuthSearchParams();
  const { data: config, isError: configFailed } = useStartupConfig();
  // With LDAP the form checks against the directory, which may ask for a username instead of an address.
  const directory = config?.ldap?.enabled === true;
  const usernameLogin = directory && config.ldap?.username === true;
  const form = useFormFields(
    { email: '', password: '' },
    usernameLogin ? validateUsernameLogin : validateLogin,
  );
  // An external sign-in that failed lands here with ?redirect=false&error=<code>.
  const ssoError = params.get('error');
  const [error, setError] = useState<string | null>(() =>
    ssoError ? oauthErrorMessage(ssoError, (k, v) => t(k, v)) : null,
  );
  const [submitting, setSubmitting] = useState(false);
  const turnstile = config?.turnstile?.siteKey ? config.turnstile : undefined;
  const human = useHumanCheck();

  const autoRedirect =
    config?.openidLoginEnabled === true &&
    config.openidAutoRedirect &&
    config.serverDomain.length > 0 &&
    params.get('redirect') !== 'false';

  useEffect(() => {
    if (autoRedirect && config) window.location.assign(`${config.serverDomain}/oauth/openid`);
  }, [autoRedirect, config]);

  // A fresh install has nobody to welcome back: its future administrator sets it up first (unless
  // this page has since seen an account made, e.g. by registering: its configuration is older).
  const instanceHasAccount = useAuth((s) => s.instanceHasAccount);
  const setupRequired = config?.setupRequired === true && !instanceHasAccount;
  useEffect(() => {
    if (setupRequired) navigate('/setup', { replace: true });
  }, [setupRequired, navigate]);

  if (autoRedirect) {
    return (
      <div className="flex items-center justify-center gap-3 py-6 text-fg-muted" role="status">
        <Spinner /> {t('com_app_redirecting_to_provider', { provider: config?.openidLabel || 'SSO' })}
      </div>
    );
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.attemptSubmit()) return;
    setSubmitting(true);
    setError(null);
    try {
      const result = await authApi.login(form.values.email.trim(), form.values.password, {
        turnstileToken: human.token ?? undefined,
      });
      if (result.twoFAPending && result.tempToken) {
        navigate(`/login/2fa?tempToken=${encodeURIComponent(result.tempToken)}`);
        return;
      }
      if (!result.token) throw new Error('No token in the login answer');
      setSession(result.token, result.user ?? null);
      navigate('/c/new', { replace: true });
    } catch (err) {
      // The human check's answer was spent on this attempt: the next one needs a new answer.
      human.spent();
      // A directory (LDAP) sign-in whose address an unproven local account holds names its way out.
      const text =
        isApiError(err) && err.code === 'account_not_linked'
          ? oauthErrorMessage(err.code, (k, v) => t(k, v))
          : t(loginErrorKey(isApiError(err) ? err.status : undefined));
      // A lockout says how long it lasts.
      const wait = isApiError(err) ? lockoutWait(err.body) : null;
      setError(
        wait ? `${text} ${t('com_auth_try_again_in', { wait: t(wait.key, { count: wait.count }) })}` : text,
      );
    } finally {
      setSubmitting(false);
    }
  };

  const emailLogin = config?.emailLoginEnabled !== false || directory;
  // A startup configuration that could not be loaded shows the login-server error:
  // signing in may still work, but the person should know the server is in trouble.
  const shownError = error ?? (configFailed ? t('com_auth_error_login_server') : null);
  return (
    <>
      {shownError && (
        <div className="mb-5">
          <Alert tone="error" testId="login-error">
            {shownError}
          </Alert>
        </div>
      )}
      {emailLogin && (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t('com_auth_login')}>
          <TextField
            label={t(usernameLogin ? 'com_auth_username' : 'com_auth_email_address')}
            type={usernameLogin ? 'text' : 'email'}
            autoComplete={usernameLogin ? 'username' : 'email'}
            autoFocus
            {...form.bind('email')}
          />
          <TextField
            label={t('com_auth_password')}
            type="password"
            autoComplete="current-password"
            {...form.bind('password')}
          />
          {/* Shown once the config confirms it: reset is off by default when e-mail is not set up.
              A directory's passwords are changed at the directory, never here. */}
          {config?.passwordResetEnabled === true && !directory && (
            <div className="-mt-1 flex justify-end">
              <AuthLink to="/forgot-password" className="text-[13px] font-medium text-accent hover:underline">
                {t('com_auth_password_forgot')}
              </AuthLink>
            </div>
          )}
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
            loading={submitting}
            disabled={form.blocked || (turnstile !== undefined && !human.token)}
          >
            {t('com_auth_continue')}
          </Button>
        </form>
      )}
      {/* Beside the password form: a passkey needs no address, password or two-factor code. */}
      <div className={emailLogin ? 'mt-3' : undefined}>
        <PasskeySignInButton onError={setError} />
      </div>
      {config?.walletLoginEnabled === true && (
        <div className="mt-3">
          {/* The button's height while its code loads, so the page does not jump. */}
          <Suspense fallback={<div className="h-11" aria-hidden />}>
            <WalletSignInButton onError={setError} />
          </Suspense>
        </div>
      )}
      {config?.registrationEnabled !== false && (
        <p className="mt-6 text-center text-sm text-fg-muted">
          {t('com_auth_no_account')}{' '}
          <AuthLink to="/register" className="font-medium text-accent hover:underline">
            {t('com_auth_sign_up')}
          </AuthLink>
        </p>
      )}
    </>
  );
}
