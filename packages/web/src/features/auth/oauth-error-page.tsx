import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { AuthFrame } from './auth-frame';
import { oauthErrorMessage } from './oauth-error';
import { useAuthSearchParams } from './auth-location';

/** Outcome page when an external sign-in failed; reads `error` and offers to close the window. */
export default function OAuthErrorPage() {
  const { t } = useTranslation();
  const params = useAuthSearchParams();
  const message = oauthErrorMessage(params.get('error'), (k, v) => t(k, v));
  return (
    <AuthFrame>
      <div className="space-y-4 text-center" data-testid="oauth-error">
        <CircleAlert className="mx-auto size-10 text-danger" aria-hidden />
        <h1 className="text-xl font-semibold">{t('com_auth_oauth_error_title')}</h1>
        <p className="text-sm text-fg-muted first-letter:uppercase">{message}</p>
        <Button variant="secondary" onClick={() => window.close()}>
          {t('com_app_close_window')}
        </Button>
      </div>
    </AuthFrame>
  );
}
