import { isSsoErrorCode, type LoginResult } from '@parley/schema';
import { CircleCheck, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { apiErrorText } from '../../api/api-error-text';
import { Button } from '../../components/ui/button';
import { setSession } from '../../store/auth-store';
import { oauthErrorMessage } from './oauth-error';
import { WalletError } from './browser-wallet';
import { signInWithWallet } from './wallet-api';
import { useAuthNavigate } from './auth-location';

type WalletState =
  { step: 'idle' } | { step: 'connecting' } | { step: 'connected'; address: string } | { step: 'error' };

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/**
 * The login page's "Connect Wallet": connects the browser's wallet extension, has it sign the
 * server's Sign-In with Ethereum message and signs in with the answer. It reads "Connect Success"
 * with the address once the wallet is connected; failures go to the page's error box.
 */
export function WalletSignInButton({ onError }: { onError: (message: string | null) => void }) {
  const { t } = useTranslation();
  const navigate = useAuthNavigate();
  const [state, setState] = useState<WalletState>({ step: 'idle' });

  const finish = (result: LoginResult) => {
    if (result.twoFAPending && result.tempToken) {
      navigate(`/login/2fa?tempToken=${encodeURIComponent(result.tempToken)}`);
      return;
    }
    if (!result.token) throw new Error('No token in the wallet sign-in answer');
    setSession(result.token, result.user ?? null);
    navigate('/c/new', { replace: true });
  };

  const failure = (err: unknown): string => {
    const failed = t('com_auth_wallet_connection_failed');
    if (err instanceof WalletError) {
      if (err.failure === 'no_extension') return t('com_auth_wallet_no_extension');
      if (err.failure === 'no_address') return t('com_auth_wallet_no_address');
      return err.detail ?? failed;
    }
    if (isApiError(err) && isSsoErrorCode(err.code)) return oauthErrorMessage(err.code, (k, v) => t(k, v));
    return apiErrorText(err, failed);
  };

  const onClick = async () => {
    onError(null);
    setState({ step: 'connecting' });
    try {
      finish(await signInWithWallet((address) => setState({ step: 'connected', address })));
    } catch (err) {
      setState({ step: 'error' });
      onError(failure(err));
    }
  };

  const busy = state.step === 'connecting' || state.step === 'connected';
  return (
    <div data-testid="wallet-sign-in" data-state={state.step}>
      <Button
        type="button"
        variant="outline"
        size="lg"
        // Connected reads as a success, not as a greyed-out button, while the wallet signs.
        className={state.step === 'connected' ? 'w-full disabled:opacity-100' : 'w-full'}
        loading={state.step === 'connecting'}
        disabled={busy}
        onClick={() => void onClick()}
      >
        {state.step === 'connected' ? (
          <>
            <CircleCheck className="size-4 text-success" aria-hidden />
            {t('com_auth_wallet_connected')}
            <span
              className="font-mono text-[13px] text-fg-muted"
              data-testid="wallet-address"
              title={state.address}
            >
              {shortAddress(state.address)}
            </span>
          </>
        ) : (
          <>
            {state.step !== 'connecting' && <Wallet className="size-4" aria-hidden />}
            {state.step === 'connecting' ? t('com_auth_wallet_connecting') : t('com_auth_wallet_connect')}
          </>
        )}
      </Button>
    </div>
  );
}
