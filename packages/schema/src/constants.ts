/** Constants and limits taken from the spec. */
export const APP_VERSION = 'v0.7.9';
export const CONFIG_VERSION = '1.2.8';
/** The all-zero UUID marks "no parent" for the first message of a conversation. */
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';
export const DEFAULT_APP_TITLE = 'Parley';
export const DEFAULT_CONVERSATION_TITLE = 'New Chat';
export const EPHEMERAL_AGENT_ID = 'ephemeral';

export const TEMPORARY_CHAT_RETENTION_HOURS = { min: 1, max: 8760, default: 720 } as const;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** A rotated refresh token presented again within this window gets the same successor. */
export const REFRESH_REUSE_GRACE_SECONDS = 30;
export const PASSWORD_RESET_TTL_SECONDS = 15 * 60;
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
export const REFRESH_COOKIE = 'refreshToken';
export const LANGUAGE_COOKIE = 'lang';
/**
 * Request header of a chat POST asking for a resumable generation (PROTOCOL.md): with
 * `X-Parley-Resumable: true` the answer goes on when the stream closes and a client may re-attach;
 * without it the last stream of the generation closing stops it, like the stop call.
 */
export const RESUMABLE_STREAM_HEADER = 'X-Parley-Resumable';
