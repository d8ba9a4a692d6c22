import { z } from 'zod';

/** Every error answer of the API has this shape (ARCHITECTURE §API rules). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Limit types of the error catalogue (000 §8). */
export const LIMIT_TYPES = [
  'file_upload_limit',
  'illegal_model_request',
  'token_balance',
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

/** Provider error keys (000 §8). */
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
