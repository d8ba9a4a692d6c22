import type { LoginResult } from '@parley/schema';
import { api } from '../../api/client';
import { isIpAddressHost } from '../../lib/ip-host';

// Kept apart from passkeys-api.ts (the account's list, which uses React Query): the login page
// runs without React Query and needs only these.

/** The WebAuthn helpers are loaded when a passkey is used, not with every page. */
export const webauthn = () => import('@simplewebauthn/browser');

/**
 * Whether passkeys can work on this page: WebAuthn exists only in a secure context (https or
 * localhost; plain http at a LAN address has none), and browsers refuse an IP address as the site
 * a passkey belongs to. Where they cannot, their buttons are hidden instead of failing on click.
 */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    typeof window.PublicKeyCredential === 'function' &&
    !isIpAddressHost(window.location.hostname)
  );
}

/**
 * Signs in with any passkey the browser holds for this site. The answer is a full sign-in (a
 * passkey verifies its holder, so no two-factor step follows).
 */
export async function signInWithPasskey(): Promise<LoginResult> {
  const { startAuthentication } = await webauthn();
  const optionsJSON = await api<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/auth/passkeys/authentication/options',
    { method: 'POST', json: {} },
  );
  const response = await startAuthentication({ optionsJSON });
  return api<LoginResult>('/api/auth/passkeys/authentication', { method: 'POST', json: { response } });
}

/** The browser's refusal when the person cancels the passkey prompt or it times out. */
export function isPasskeyPromptDismissed(error: unknown): boolean {
  return error instanceof Error && error.name === 'NotAllowedError';
}
