import type { FastifyInstance } from 'fastify';

/**
 * A request that says its body is JSON but sends none is read as a request without a body, not
 * refused: LibreChat's client posts some actions (turning two-factor off after a verify) with
 * `Content-Type: application/json` and nothing after it. Each route still decides whether it
 * needs a body; a body that is there is parsed as Fastify always does (with its guards against
 * `__proto__` and `constructor` keys).
 */
export function installEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body.toString(), done);
  });
}
