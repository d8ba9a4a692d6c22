import type { ErrorCode } from '@parley/schema';

/**
 * The one place an error code becomes an HTTP status. Services throw an AppError with a code;
 * the error handler answers with the status named here. Codes that normally travel another way
 * (inside the chat stream, or on the login page's address) still have the status they would be
 * answered with, so that any code can be thrown anywhere.
 */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  // The request as such.
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal: 500,
  // Refusals the product names.
  email_not_verified: 422,
  banned: 403,
  rate_limited: 429,
  file_too_large: 413,
  unsupported_import: 400,
  // A retired API answers as if the route did not exist, with a message that says why.
  assistants_retired: 404,
  // Limits: counted ones ask the client to wait (429); the others refuse the request as such.
  file_upload_limit: 429,
  illegal_model_request: 400,
  token_balance: 402,
  budget_exceeded: 402,
  ban: 403,
  tts_limit: 429,
  stt_limit: 429,
  reset_password_limit: 429,
  verify_email_limit: 429,
  convo_access: 403,
  tool_call_limit: 429,
  general: 429,
  logins: 429,
  concurrent: 429,
  non_browser: 403,
  message_limit: 429,
  registrations: 429,
  // Model calls: a key or setting the caller must fix is their request's fault (400); a refusal
  // the provider made is the upstream's answer (502).
  no_user_key: 400,
  expired_user_key: 400,
  invalid_user_key: 400,
  no_base_url: 400,
  no_system_messages: 400,
  invalid_action_error: 400,
  google_tool_conflict: 400,
  invalid_agent_provider: 400,
  INPUT_LENGTH: 400,
  moderation: 502,
  invalid_request_error: 502,
  google_error: 502,
  invalid_api_key: 502,
  insufficient_quota: 502,
  // Memories over their token limit.
  already_exceeded: 400,
  would_exceed: 400,
  // External sign-in.
  missing_code: 400,
  missing_state: 400,
  invalid_state: 400,
  callback_failed: 502,
  provider_disabled: 404,
  access_denied: 403,
  registration_disabled: 403,
  email_missing: 403,
  domain_not_allowed: 403,
  role_required: 403,
  account_banned: 403,
  account_not_linked: 409,
  identity_linked_elsewhere: 409,
  link_session_ended: 401,
  last_sign_in_method: 409,
  assertion_rejected: 400,
  wallet_message_invalid: 400,
  wallet_signature_invalid: 401,
};

/** Fastify's own refusals (bad JSON, oversized body, wrong content type) by status. */
export function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  return 'bad_request';
}
