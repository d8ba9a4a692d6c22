import { isSsoErrorCode, type LinkedIdentity, type StartupConfig } from '@parley/schema';
import { KeyRound, Link2, Unlink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { apiErrorText } from '../../api/api-error-text';
import { useStartupConfig } from '../../api/startup-queries';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { enabledProviders, oauthErrorMessage, WalletError } from '../auth';
import { showToast } from '../toasts';
import { useLinkedSignIns, useLinkSignIn, useUnlinkSignIn } from './linked-sign-ins-api';

/** The sign-ins this server offers on its login page, the wallet included, in the page's order. */
function linkableProviders(config: StartupConfig): string[] {
  return [...enabledProviders(config), ...(config.walletLoginEnabled ? ['wallet'] : [])];
}

/**
 * The Account tab's linked sign-ins: the external sign-ins (OpenID, SAML, social providers, a
 * wallet) that enter this account, each with Unlink, and a Link button for each one the server
 * offers that is not linked yet. This is the way out of a sign-in refused because an account
 * with its address already existed: sign in with the password, then link it here. Unlink is
 * disabled on the account's last way in (no password, no other linked sign-in).
 */
export function LinkedSignInRows() {
  const { t } = useTranslation();
  const { data: config } = useStartupConfig();
  const { data } = useLinkedSignIns();
  const [unlinking, setUnlinking] = useState<LinkedIdentity | null>(null);
  if (!config || !data) return null;
  const offered = linkableProviders(config);
  const identities = data.identities;
  if (offered.length === 0 && identities.length === 0) return null;
  const linked = new Set(identities.map((i) => i.provider));
  const canUnlink = data.hasPassword || identities.length > 1;
  const name = (provider: string) => t(`com_auth_provider_${provider}`, { defaultValue: provider });

  return (
    <div className="py-3" data-testid="linked-sign-ins">
      <p className="text-sm font-medium">{t('com_nav_linked_sign_ins')}</p>
      <p className="mt-0.5 text-[13px] text-fg-muted">{t('com_nav_linked_sign_ins_description')}</p>
      <ul className="mt-3 space-y-2" aria-label={t('com_nav_linked_sign_ins')}>
        {identities.map((identity) => (
          <LinkedItem
            key={identity.id}
            identity={identity}
            name={name(identity.provider)}
            canUnlink={canUnlink}
            onUnlink={setUnlinking}
          />
        ))}
        {offered
          .filter((provider) => !linked.has(provider))
          .map((provider) => (
            <UnlinkedItem key={provider} provider={provider} name={name(provider)} />
          ))}
      </ul>
      {unlinking && (
        <UnlinkDialog
          identity={unlinking}
          name={name(unlinking.provider)}
          onClose={() => setUnlinking(null)}
        />
      )}
    </div>
  );
}

function LinkedItem(props: {
  identity: LinkedIdentity;
  name: string;
  canUnlink: boolean;
  onUnlink: (identity: LinkedIdentity) => void;
}) {
  const { t, i18n } = useTranslation();
  const { identity, name } = props;
  const date = new Date(identity.linkedAt).toLocaleDateString(i18n.language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  return (
    <li
      className="flex items-center gap-3 rounded-lg border border-border px-3 py-2"
      data-testid="linked-sign-in"
      data-provider={identity.provider}
    >
      <KeyRound className="size-5 shrink-0 text-fg-muted" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{name}</p>
        {identity.email && <p className="truncate text-[12px] text-fg-muted">{identity.email}</p>}
        <p className="text-[12px] text-fg-muted">{t('com_nav_linked_sign_in_linked_on', { date })}</p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        disabled={!props.canUnlink}
        title={props.canUnlink ? undefined : t('com_nav_linked_sign_in_last')}
        aria-label={t('com_nav_linked_sign_in_unlink_named', { name })}
        onClick={() => props.onUnlink(identity)}
      >
        <Unlink className="size-4" aria-hidden />
        <span className="max-sm:sr-only">{t('com_nav_linked_sign_in_unlink')}</span>
      </Button>
    </li>
  );
}

function UnlinkedItem({ provider, name }: { provider: string; name: string }) {
  const { t } = useTranslation();
  const link = useLinkSignIn();
  const onLink = () =>
    link.mutate(provider, {
      onSuccess: () => {
        if (provider === 'wallet') showToast(t('com_nav_linked_sign_in_linked', { name }), 'success');
      },
      onError: (err) => {
        if (err instanceof WalletError) {
          const text = err.failure === 'no_extension' ? t('com_auth_wallet_no_extension') : err.detail;
          return showToast(text ?? t('com_nav_linked_sign_in_error'), 'error');
        }
        if (isApiError(err) && isSsoErrorCode(err.code)) {
          return showToast(
            oauthErrorMessage(err.code, (k, v) => t(k, v)),
            'error',
          );
        }
        showToast(apiErrorText(err, t('com_nav_linked_sign_in_error')), 'error');
      },
    });
  return (
    <li
      className="flex items-center gap-3 rounded-lg border border-dashed border-border px-3 py-2"
      data-testid="unlinked-sign-in"
      data-provider={provider}
    >
      <KeyRound className="size-5 shrink-0 text-fg-subtle" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{name}</p>
        <p className="text-[12px] text-fg-muted">{t('com_nav_linked_sign_in_not_linked')}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        loading={link.isPending}
        aria-label={t('com_nav_linked_sign_in_link_named', { name })}
        onClick={onLink}
      >
        <Link2 className="size-4" aria-hidden />
        {t('com_nav_linked_sign_in_link')}
      </Button>
    </li>
  );
}

function UnlinkDialog(props: { identity: LinkedIdentity; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const unlink = useUnlinkSignIn();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={t('com_nav_linked_sign_in_unlink_title', { name: props.name })}
      description={t('com_nav_linked_sign_in_unlink_description')}
      confirmLabel={t('com_nav_linked_sign_in_unlink')}
      pending={unlink.isPending}
      testId="unlink-sign-in-dialog"
      onConfirm={() =>
        unlink.mutate(props.identity.id, {
          onSuccess: props.onClose,
          onError: (err) => showToast(apiErrorText(err, t('com_nav_linked_sign_in_unlink_error')), 'error'),
        })
      }
    />
  );
}
