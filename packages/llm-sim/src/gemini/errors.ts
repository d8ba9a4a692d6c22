// Renders neutral SimErrors in Google's format: `{ error: { code, message, status } }`, with a
// RetryInfo detail on 429 (Google sends no retry-after header).
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import type { SimError, SimErrorKind } from '../script.ts';

const STATUS_NAMES: Record<SimErrorKind, string> = {
  'invalid-api-key': 'UNAUTHENTICATED',
  'rate-limit': 'RESOURCE_EXHAUSTED',
  'server-error': 'INTERNAL',
  'model-not-found': 'NOT_FOUND',
  'bad-request': 'INVALID_ARGUMENT',
  'not-found': 'NOT_FOUND',
};

export function googleErrorBody(error: SimError) {
  const details =
    error.retryAfterSeconds === undefined
      ? undefined
      : [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${error.retryAfterSeconds}s` }];
  return {
    error: {
      code: error.status,
      message: error.message,
      status: STATUS_NAMES[error.kind],
      ...(details ? { details } : {}),
    },
  };
}

export function sendGoogleError(res: ServerResponse, error: SimError): void {
  sendJson(res, error.status, googleErrorBody(error));
}
