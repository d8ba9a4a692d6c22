// Renders neutral SimErrors in OpenAI's error format: `{ error: { message, type, param, code } }`.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import type { SimError, SimErrorKind } from '../script.ts';

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

const TYPE_AND_CODE: Record<SimErrorKind, { type: string; code: string | null }> = {
  'invalid-api-key': { type: 'invalid_request_error', code: 'invalid_api_key' },
  'rate-limit': { type: 'requests', code: 'rate_limit_exceeded' },
  'server-error': { type: 'server_error', code: null },
  'model-not-found': { type: 'invalid_request_error', code: 'model_not_found' },
  'bad-request': { type: 'invalid_request_error', code: null },
  'not-found': { type: 'invalid_request_error', code: 'unknown_url' },
};

export function openAIErrorBody(error: SimError): OpenAIErrorBody {
  const { type, code } = TYPE_AND_CODE[error.kind];
  return { error: { message: error.message, type, param: error.param ?? null, code } };
}

export function sendOpenAIError(res: ServerResponse, error: SimError): void {
  const headers: Record<string, string> =
    error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
  sendJson(res, error.status, openAIErrorBody(error), headers);
}
