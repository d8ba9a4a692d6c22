import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { ERROR_STATUS, codeOfStatus } from './error-status.ts';

/**
 * Every failure becomes JSON `{message, code, issues?, …details, requestId}` (requestId: the id
 * in the request's log lines). A refusal a service named (AppError) gets its code's status. Client
 * mistakes Fastify detects itself (bad JSON, empty JSON body, oversized body, wrong content type)
 * keep their 4xx status; anything unexpected is logged and answered 500 without internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const status = ERROR_STATUS[error.code];
      if (status === 429) reply.header('Retry-After', String(retryAfterSeconds(error)));
      return reply.status(status).send({
        message: error.message,
        code: error.code,
        ...error.details,
        requestId: request.id,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: error.message, code: codeOfStatus(status), requestId: request.id });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ message: 'Internal server error', code: 'internal', requestId: request.id });
  });
}

/**
 * Seconds a refused client should wait (the Retry-After header of every 429): the limit's own
 * window when it has one; otherwise (one generation at a time) a second, as an answer may end any
 * moment.
 */
function retryAfterSeconds(error: AppError): number {
  const given = error.details.retryAfter;
  return typeof given === 'number' && Number.isFinite(given) && given > 0 ? Math.ceil(given) : 1;
}
