// Renders neutral SimErrors in Anthropic's format: `{ type: "error", error: { type, message } }`
// with the statuses Anthropic uses, and a `request-id` header.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { randomId } from '../ids.ts';
import type { SimError, SimErrorKind } from '../script.ts';

const ERROR_TYPES: Record<SimErrorKind, string> = {
  'invalid-api-key': 'authentication_error',
  'rate-limit': 'rate_limit_error',
  'server-error': 'api_error',
  'model-not-found': 'not_found_error',
  'bad-request': 'invalid_request_error',
  'not-found': 'not_found_error',
};

export function anthropicErrorBody(error: SimError) {
  return { type: 'error', error: { type: ERROR_TYPES[error.kind], message: error.message } };
}

export function sendAnthropicError(res: ServerResponse, error: SimError): void {
  const requestId = randomId('req_');
  const headers: Record<string, string> = { 'request-id': requestId };
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
  sendJson(res, error.status, { ...anthropicErrorBody(error), request_id: requestId }, headers);
}
