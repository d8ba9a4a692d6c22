/** The auth feature as other folders see it: import from here, never from its other files. */
export { AuthPages } from './auth-pages';
export { useLogout } from './use-logout';
export { roleKey, useHasPermission, useRole } from './use-permission';
export { UNAUTHENTICATED_REDIRECT_MS, useRequireAuth } from './use-require-auth';
export { WalletError } from './browser-wallet';
export { oauthErrorMessage } from './oauth-error';
export { enabledProviders } from './social-logins';
export { linkWalletToAccount } from './wallet-api';
export { followSessionEnd, useSessionEndedElsewhere } from './session-end-channel';
