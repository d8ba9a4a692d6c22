import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useShell } from '../../store/shell-store';
import { oauthErrorMessage } from '../auth';
import { showToast } from '../toasts';

/**
 * The end of linking a sign-in from the account page: the server sends the browser back to
 * `/c/new?linked=<provider>` or `/c/new?link_error=<code>` (the person is still signed in, so not
 * to the login page). Says how it went, reopens the settings on the Account tab where the list
 * shows the result, and drops the parameters so a reload does not say it again.
 */
export function useLinkLanding(): void {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const linked = params.get('linked');
  const failed = params.get('link_error');
  useEffect(() => {
    if (!linked && !failed) return;
    if (linked) {
      const name = t(`com_auth_provider_${linked}`, { defaultValue: linked });
      showToast(t('com_nav_linked_sign_in_linked', { name }), 'success');
    } else {
      showToast(
        oauthErrorMessage(failed, (k, v) => t(k, v)),
        'error',
      );
    }
    useShell.getState().openSettingsAt('account');
    setParams(
      (current) => {
        current.delete('linked');
        current.delete('link_error');
        return current;
      },
      { replace: true },
    );
  }, [linked, failed, t, setParams]);
}
