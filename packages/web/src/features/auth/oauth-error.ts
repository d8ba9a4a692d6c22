import { SSO_ERROR_CODES } from '@parley/schema';

/**
 * External sign-in error codes → message keys: the four an external sign-in error page knows
 * (missing_code, missing_state, invalid_state, callback_failed) plus the server's other refusals;
 * anything else is shown as words.
 */
const KNOWN: Record<string, string> = Object.fromEntries(
  SSO_ERROR_CODES.map((code) => [code, `com_auth_oauth_error_${code}`]),
);

export function oauthErrorMessage(
  code: string | null,
  t: (key: string, values?: Record<string, string>) => string,
): string {
  if (!code) return t('com_auth_oauth_error_generic');
  const known = Object.hasOwn(KNOWN, code) ? KNOWN[code] : undefined;
  return known ? t(known) : code.replace(/_/g, ' ').slice(0, 200);
}
