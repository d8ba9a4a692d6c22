import i18next from 'i18next';
import type { ErrorCode } from '@parley/schema';
import { isApiError } from './api-error';

/** Refusals that read the same whatever was asked, with a text of their own in every language. */
const CODE_KEYS: Partial<Record<ErrorCode, string>> = {
  unauthorized: 'com_error_code_unauthorized',
  forbidden: 'com_error_code_forbidden',
  not_found: 'com_error_code_not_found',
  payload_too_large: 'com_error_code_too_large',
  file_too_large: 'com_error_code_too_large',
  unsupported_media_type: 'com_error_code_unsupported_media_type',
  rate_limited: 'com_error_code_rate_limited',
  banned: 'com_error_code_banned',
  email_not_verified: 'com_error_code_email_not_verified',
  unsupported_import: 'com_error_code_unsupported_import',
};

/**
 * What a refused request tells the person. The server explains in English, so its own words are
 * shown only to someone reading English; in any other language the refusal's code gives the text
 * when it is one of the general refusals above, and the screen's own `fallback` (already
 * translated) otherwise.
 */
export function apiErrorText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (i18next.language.startsWith('en')) return error.serverMessage ?? fallback;
  const key = error.code ? CODE_KEYS[error.code] : undefined;
  return key ? i18next.t(key) : fallback;
}
