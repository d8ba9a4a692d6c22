/** Known external sign-in error codes (000 §2) → message keys; anything else is shown as words. */
const KNOWN: Record<string, string> = {
  missing_code: 'com_auth_oauth_error_missing_code',
  missing_state: 'com_auth_oauth_error_missing_state',
  invalid_state: 'com_auth_oauth_error_invalid_state',
  callback_failed: 'com_auth_oauth_error_callback_failed',
};

export function oauthErrorMessage(
  code: string | null,
  t: (key: string, values?: Record<string, string>) => string,
): string {
  if (!code) return t('com_auth_oauth_error_generic');
  const known = KNOWN[code];
  return known ? t(known) : code.replace(/_/g, ' ');
}
