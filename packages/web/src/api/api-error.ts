import { isErrorCode, type ErrorCode } from '@parley/schema';

/**
 * A non-2xx answer from the API, carrying the status, the server's `{message}` and its error
 * `code` when present. Screens decide by `code` (one closed list shared with the server), not by
 * status or message text, so a server that changes a status or a wording cannot silently change
 * which message a person sees.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The server's error code; undefined for an answer that is not the server's JSON error. */
  readonly code: ErrorCode | undefined;

  constructor(status: number, body: unknown) {
    super(messageOf(body) ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = codeOf(body);
  }

  /** The server's own message, if it sent one. */
  get serverMessage(): string | undefined {
    return messageOf(this.body);
  }
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.length > 0) return message;
  }
  return undefined;
}

function codeOf(body: unknown): ErrorCode | undefined {
  if (body && typeof body === 'object' && 'code' in body) {
    const { code } = body as { code: unknown };
    if (isErrorCode(code)) return code;
  }
  return undefined;
}

/** Whether `error` is the server refusing with `code`. */
export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof ApiError && error.code === code;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
