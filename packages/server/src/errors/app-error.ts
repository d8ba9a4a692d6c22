import type { ErrorCode, LimitType } from '@parley/schema';

type Issue = { path: string; message: string };

/**
 * What a refusal adds to its code and message: the failed fields of a validation error, the
 * limit's type, seconds to wait before trying again, and the figures some messages are worded
 * with (a cap and its window). They become further fields of the error answer.
 */
export interface ErrorDetails {
  issues?: Issue[];
  type?: LimitType;
  retryAfter?: number;
  [detail: string]: unknown;
}

/**
 * A refusal a service names by its code; the HTTP layer alone decides the status it is answered
 * with (http/error-status.ts), so domain code never picks one.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, issues?: Issue[]) =>
  new AppError('bad_request', message, issues ? { issues } : undefined);
export const unauthorized = (message = 'Unauthorized') => new AppError('unauthorized', message);
export const forbidden = (message = 'Forbidden') => new AppError('forbidden', message);
/** Missing and not-yours look the same from outside. */
export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
