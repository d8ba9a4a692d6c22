// Bedrock's errors. Before the stream: an HTTP status with the `x-amzn-errortype` header and a
// `{ message }` body (AWS has no 401: a bad key is 403 UnrecognizedClientException). During the
// stream: an exception frame (`:message-type: exception`, `:exception-type` in lower camel case).
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { randomId } from '../ids.ts';
import type { SimError, SimErrorKind } from '../script.ts';

const ERROR_TYPES: Record<SimErrorKind, { status: number; type: string }> = {
  'invalid-api-key': { status: 403, type: 'UnrecognizedClientException' },
  'rate-limit': { status: 429, type: 'ThrottlingException' },
  'server-error': { status: 500, type: 'InternalServerException' },
  'model-not-found': { status: 404, type: 'ResourceNotFoundException' },
  'bad-request': { status: 400, type: 'ValidationException' },
  'not-found': { status: 404, type: 'UnknownOperationException' },
};

const INVALID_TOKEN_MESSAGE = 'The security token included in the request is invalid.';

export function sendBedrockError(res: ServerResponse, error: SimError): void {
  const { status, type } = ERROR_TYPES[error.kind];
  const message = error.kind === 'invalid-api-key' ? INVALID_TOKEN_MESSAGE : error.message;
  sendJson(
    res,
    status,
    { message },
    {
      'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
      'x-amzn-requestid': randomId('', 32),
    },
  );
}

/** The event-stream exception name for an error that happens once the stream is open. */
export function streamExceptionType(error: SimError): string {
  if (error.kind === 'rate-limit') return 'throttlingException';
  if (error.kind === 'bad-request') return 'validationException';
  return 'internalServerException';
}
