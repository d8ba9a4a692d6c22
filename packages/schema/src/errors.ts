import { SSO_ERROR_CODES } from './sso.ts';

/**
 * The error codes a client can meet, one closed list so that server and web switch on the same
 * names. An HTTP error answer carries one as `code`; the chat stream's error event carries one as
 * the `type` or `code` of the JSON in its `text`; the login page gets an external sign-in's as
 * `?error=`. The server maps each code to an HTTP status in one place (its error handler).
 */

/** Refusals of a request as such: bad input, no session, not yours, too large, server failure. */
export const REQUEST_ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'internal',
] as const;
export type RequestErrorCode = (typeof REQUEST_ERROR_CODES)[number];

/**
 * Refusals the product itself names: an account that must confirm its e-mail first (the login
 * page shows its own text for that 422), a banned client, a limit reached (the limit's type
 * travels beside the code as `type`), an upload too large, an import file of no known format,
 * the retired Assistants API.
 */
export const DOMAIN_ERROR_CODES = [
  'email_not_verified',
  'banned',
  'rate_limited',
  'file_too_large',
  'unsupported_import',
  'assistants_retired',
  /** Unlinking the external sign-in that is an account's only way in (no password, no other). */
  'last_sign_in_method',
] as const;
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/**
 * The error catalogue's limit types: which limit refused a request. Some are also an answer's
 * `code` of their own (`concurrent`, `non_browser`, `illegal_model_request`, `token_balance`).
 */
export const LIMIT_TYPES = [
  'file_upload_limit',
  'illegal_model_request',
  'token_balance',
  /** An administrator's budget for the user or API key is spent for this period. */
  'budget_exceeded',
  'ban',
  'tts_limit',
  'stt_limit',
  'reset_password_limit',
  'verify_email_limit',
  'convo_access',
  'tool_call_limit',
  'general',
  'logins',
  'concurrent',
  'non_browser',
  'message_limit',
  'registrations',
] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];

/**
 * The error catalogue's provider error keys: why a model call could not be made or was refused.
 * They reach the client as the `type` of the JSON in the stream's error event text.
 */
export const PROVIDER_ERROR_KEYS = [
  'no_user_key',
  'expired_user_key',
  'invalid_user_key',
  'no_base_url',
  'moderation',
  'INPUT_LENGTH',
  'invalid_request_error',
  'invalid_action_error',
  'no_system_messages',
  'google_error',
  'google_tool_conflict',
  'invalid_agent_provider',
] as const;
export type ProviderErrorKey = (typeof PROVIDER_ERROR_KEYS)[number];

/**
 * Upstream codes the client words itself: the provider refused the server's key
 * (`invalid_api_key`), or the server's key ran out of quota (`insufficient_quota`). They reach the
 * client as the `code` of the JSON in the stream's error event text.
 */
export const UPSTREAM_ERROR_CODES = ['invalid_api_key', 'insufficient_quota'] as const;
export type UpstreamErrorCode = (typeof UPSTREAM_ERROR_CODES)[number];

/**
 * Why a memory could not be saved: the memories already hold more tokens than the limit, or this
 * one would take them over it. They travel as `errorType` in a memory notice's error value.
 */
export const MEMORY_ERROR_TYPES = ['already_exceeded', 'would_exceed'] as const;
export type MemoryErrorType = (typeof MEMORY_ERROR_TYPES)[number];

export const ERROR_CODES = [
  ...new Set([
    ...REQUEST_ERROR_CODES,
    ...DOMAIN_ERROR_CODES,
    ...LIMIT_TYPES,
    ...PROVIDER_ERROR_KEYS,
    ...UPSTREAM_ERROR_CODES,
    ...MEMORY_ERROR_TYPES,
    ...SSO_ERROR_CODES,
  ]),
] as [ErrorCode, ...ErrorCode[]];
export type ErrorCode =
  | RequestErrorCode
  | DomainErrorCode
  | LimitType
  | ProviderErrorKey
  | UpstreamErrorCode
  | MemoryErrorType
  | (typeof SSO_ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
