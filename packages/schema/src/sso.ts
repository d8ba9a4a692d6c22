import type { SocialProvider } from './startup-config.ts';

/**
 * Why an external sign-in failed. The server sends the browser to
 * `/login?redirect=false&error=<code>`; the login page shows the matching text. The first four are
 * the external sign-in error page's known values.
 */
export const SSO_ERROR_CODES = [
  'missing_code',
  'missing_state',
  'invalid_state',
  'callback_failed',
  'provider_disabled',
  'access_denied',
  'registration_disabled',
  'email_missing',
  'email_not_verified',
  'domain_not_allowed',
  'role_required',
  'account_banned',
  /**
   * The verified address belongs to a local account that nothing proves is this person's (see
   * the server's link-proof.ts): not linked, and no second account made.
   */
  'account_not_linked',
  /**
   * Linking from the account page: this external sign-in already enters another Parley account,
   * or the account page's sign-in ended before the provider answered.
   */
  'identity_linked_elsewhere',
  'link_session_ended',
  /** A SAML answer that failed its checks: signature, audience, validity window or shape. */
  'assertion_rejected',
  'wallet_message_invalid',
  'wallet_signature_invalid',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

export function isSsoErrorCode(value: unknown): value is SsoErrorCode {
  return typeof value === 'string' && (SSO_ERROR_CODES as readonly string[]).includes(value);
}

/** LibreChat's default button order when parley.yaml's registration.socialLogins is absent. */
export const DEFAULT_SOCIAL_LOGINS: readonly SocialProvider[] = [
  'github',
  'google',
  'discord',
  'openid',
  'facebook',
  'apple',
  'saml',
];
