import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth-api';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { AuthFrame } from './auth-frame';
import { useCountdown } from './use-countdown';
import { useAuthNavigate, useAuthSearchParams } from './auth-location';

type State = 'verifying' | 'success' | 'failed';

/**
 * E-mail verification: success counts down to /c/new; failure counts down and then
 * offers a resend link (when the e-mail address is known); a resend restarts the countdown.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const navigate = useAuthNavigate();
  const params = useAuthSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [state, setState] = useState<State>(token && email ? 'verifying' : 'failed');
  const [notice, setNotice] = useState<string>(() =>
    token && email
      ? ''
      : email
        ? t('com_auth_email_verification_invalid')
        : t('com_auth_email_verification_missing'),
  );
  const started = useRef(false);

  const { remaining, restart } = useCountdown(state !== 'verifying', () => {
    if (state === 'success') navigate('/c/new', { replace: true });
  });

  useEffect(() => {
    if (started.current || !token || !email) return;
    started.current = true;
    authApi
      .verifyEmail(email, token)
      .then(() => {
        setNotice(t('com_auth_email_verification_success'));
        setState('success');
      })
      .catch(() => {
        setNotice(t('com_auth_email_verification_failed'));
        setState('failed');
      });
  }, [email, token, t]);

  const resend = async () => {
    try {
      await authApi.resendVerification(email);
      setNotice(t('com_auth_email_resent'));
    } catch {
      setNotice(t('com_auth_email_resend_failed'));
    }
    restart();
  };

  return (
    <AuthFrame title={t('com_auth_email_verification')}>
      {state === 'verifying' ? (
        <div className="flex items-center justify-center gap-3 py-4 text-fg-muted" role="status">
          <Spinner /> {t('com_auth_email_verification_in_progress')}
        </div>
      ) : (
        <div className="space-y-4 text-center" data-testid="verify-result">
          <Alert tone={state === 'success' ? 'success' : 'error'}>{notice}</Alert>
          {state === 'success' && (
            <p className="text-sm text-fg-muted">{t('com_auth_redirect_countdown', { count: remaining })}</p>
          )}
          {state === 'failed' &&
            email &&
            (remaining > 0 ? (
              <p className="text-sm text-fg-muted">{t('com_auth_resend_countdown', { count: remaining })}</p>
            ) : (
              <Button variant="outline" onClick={() => void resend()}>
                {t('com_auth_email_resend_link')}
              </Button>
            ))}
        </div>
      )}
    </AuthFrame>
  );
}
