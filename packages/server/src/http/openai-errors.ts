import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { ERROR_STATUS } from './error-status.ts';
import type { ProviderFailure } from '../services/providers/provider.ts';

/**
 * Errors of the OpenAI-compatible `/v1/` routes in OpenAI's shape,
 * `{"error": {"message", "type", "param", "code"}}`, which its client libraries read (the `openai`
 * package raises `AuthenticationError`, `RateLimitError`, … from the status and this body).
 */
export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** OpenAI's error type for an HTTP status. */
function typeOfStatus(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'insufficient_quota';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

export function openAiError(
  status: number,
  message: string,
  param: string | null,
  code: string | null,
): OpenAiErrorBody {
  return { error: { message, type: typeOfStatus(status), param, code } };
}

/** An AppError's status and body: its code's status; OpenAI's code when the service named one. */
export function fromAppError(error: AppError): { status: number; body: OpenAiErrorBody } {
  const status = ERROR_STATUS[error.code];
  const { details } = error;
  const issue = details.issues?.[0];
  const param = typeof details.param === 'string' ? details.param : (issue?.path ?? null);
  const code = typeof details.openaiCode === 'string' ? details.openaiCode : error.code;
  const message =
    issue && error.code === 'bad_request'
      ? `${error.message}: ${issue.path}: ${issue.message}`
      : error.message;
  return { status, body: openAiError(status, message, param, code) };
}

/**
 * A provider failure before anything was sent: the upstream's own client errors keep their
 * status (a bad parameter is the caller's to fix, a 429 theirs to wait for); everything else is
 * a 502, the upstream's fault.
 */
export function fromProviderFailure(failure: ProviderFailure): { status: number; body: OpenAiErrorBody } {
  const upstream = failure.status;
  const status =
    upstream === 400 || upstream === 404 || upstream === 413 || upstream === 429
      ? upstream
      : failure.local
        ? 500
        : 502;
  return { status, body: openAiError(status, failure.message, null, failure.code ?? failure.key ?? null) };
}

/**
 * Installs the `/v1/` error and not-found answers on the plugin holding those routes. Fastify's
 * own 4xx (malformed JSON, a body too large, a wrong content type) keep their status.
 */
export function installOpenAiErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const { status, body } = fromAppError(error);
      if (status === 429) reply.header('Retry-After', String(retryAfter(error)));
      return reply.status(status).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return reply.status(status).send(openAiError(status, error.message, null, error.code ?? null));
    request.log.error({ err: error }, 'API request failed');
    return reply.status(500).send(openAiError(500, 'Internal server error', null, 'internal'));
  });
  scope.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    return reply
      .status(404)
      .send(openAiError(404, `Unknown request URL: ${request.method} ${path}`, null, 'unknown_url'));
  });
}

function retryAfter(error: AppError): number {
  const given = error.details.retryAfter;
  return typeof given === 'number' && Number.isFinite(given) && given > 0 ? Math.ceil(given) : 1;
}
