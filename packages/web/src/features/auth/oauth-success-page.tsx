import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AuthFrame } from './auth-frame';
import { useCountdown } from './use-countdown';
import { useAuthSearchParams } from './auth-location';

/** Outcome of an external sign-in opened in its own window: counts down 3 s, then closes it. */
export default function OAuthSuccessPage() {
  const { t } = useTranslation();
  const params = useAuthSearchParams();
  const serverName = params.get('serverName') ?? '';
  const { remaining } = useCountdown(true, () => window.close());
  return (
    <AuthFrame>
      <div className="space-y-3 text-center" data-testid="oauth-success">
        <CircleCheck className="mx-auto size-10 text-success" aria-hidden />
        <h1 className="text-xl font-semibold">{t('com_auth_oauth_success_title')}</h1>
        <p className="text-sm text-fg-muted">
          {serverName ? t('com_auth_oauth_success_server', { serverName }) : t('com_auth_oauth_success_body')}
        </p>
        <p className="text-sm text-fg-muted">{t('com_auth_window_closing', { count: remaining })}</p>
      </div>
    </AuthFrame>
  );
}
