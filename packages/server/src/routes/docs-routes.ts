import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { APP_VERSION } from '@parley/schema';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors/app-error.ts';
import { apiOperations } from '../openapi/api-operations.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi/openapi-document.ts';
import { DOCS_PAGE_ASSETS } from '../openapi/system-operations.ts';

/**
 * The page's own policy: its scripts and style sheet come from these routes; Swagger UI sets
 * inline styles and shows data: images; "Try it out" calls the API on this origin.
 */
const DOCS_PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Parley API</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="docs"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/assets/docs-page.js"></script>
  </body>
</html>
`;

/** Starts Swagger UI on the document (a file, so the page needs no inline script). */
const PAGE_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#docs', deepLinking: true });\n`;

/** Swagger UI's files, found through its package (its index module would load the whole bundle). */
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * The API's own description, public like /api/config: `GET /api/docs/openapi.json` (OpenAPI 3.1,
 * generated from the zod schemas on first request and kept) and a browsable page at `/api/docs`.
 */
export function docsRoutes(app: FastifyInstance): void {
  let document: OpenApiDocument | undefined;

  app.get('/api/docs/openapi.json', async (_request, reply) => {
    document ??= buildOpenApiDocument(apiOperations, APP_VERSION.replace(/^v/, ''));
    return reply.header('cache-control', 'no-cache').send(document);
  });

  app.get('/api/docs', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', DOCS_PAGE_POLICY)
      .header('cache-control', 'no-cache')
      .send(PAGE),
  );

  app.get<{ Params: { file: string } }>('/api/docs/assets/:file', async (request, reply) => {
    const file = DOCS_PAGE_ASSETS.find((name) => name === request.params.file);
    if (!file) throw notFound('No such file');
    reply
      .type(file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8')
      .header('content-security-policy', DOCS_PAGE_POLICY)
      .header('cache-control', 'public, max-age=86400');
    return reply.send(file === 'docs-page.js' ? PAGE_SCRIPT : createReadStream(join(SWAGGER_UI_DIR, file)));
  });
}
