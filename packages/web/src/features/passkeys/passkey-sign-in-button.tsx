import { Fingerprint } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../api/api-error-text';
import { Button } from '../../components/ui/button';
import { setSession } from '../../store/auth-store';
import { navigateBrowser } from '../../lib/browser-location';
import { isPasskeyPromptDismissed, passkeysSupported, signInWithPasskey } from './passkey-sign-in';

/**
 * "Sign in with a passkey" on the login page: the browser offers the passkeys it holds for this
 * site, and a verified one signs in at once (no two-factor step). Hidden where the browser has
 * no WebAuthn.
 */
export function PasskeySignInButton({ onError }: { onError: (message: string | null) => void }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  if (!passkeysSupported()) return null;

  const onClick = async () => {
    setPending(true);
    onError(null);
    try {
      const result = await signInWithPasskey();
      if (!result.token) throw new Error('No token in the passkey sign-in answer');
      setSession(result.token, result.user ?? null);
      // The signed-in app takes over in this document (the login page runs without its router).
      navigateBrowser('/c/new', { replace: true });
    } catch (err) {
      if (isPasskeyPromptDismissed(err)) onError(t('com_auth_passkey_dismissed'));
      else onError(apiErrorText(err, t('com_auth_passkey_error')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      loading={pending}
      onClick={() => void onClick()}
      data-testid="passkey-sign-in"
    >
      <Fingerprint className="size-4" aria-hidden />
      {t('com_auth_passkey_sign_in')}
    </Button>
  );
}
