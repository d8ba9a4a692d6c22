// GET /api/docs/openapi.json: an OpenAPI 3.1 document of every route the server registers,
// generated from the zod schemas the routes validate with, and its browsable page.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_METHODS } from '../../src/openapi/operation-doc.ts';
import { registeredRoutes, type RegisteredRoute } from '../fuzz/route-list.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}
interface Operation {
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: {
    content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
  };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

/** A path with every parameter (`:id`, `{id}`, Fastify's `:a|:b` of merged names, `*`) as `{}`. */
const shape = (path: string) =>
  path
    .replace(/\{[^}]+\}/g, '{}')
    .replace(/:[^/]+/g, '{}')
    .replace(/\/?\*$/, '/{}');

/**
 * The registered routes the document does not describe. HEAD comes with every GET (Fastify adds
 * it); methods OpenAPI 3.1 cannot name (QUERY, which `app.all` also registers) are left out.
 */
function undocumentedRoutes(routes: RegisteredRoute[], document: Document): string[] {
  const documented = new Set(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${shape(path)}`),
    ),
  );
  const describable = new Set<string>(OPENAPI_METHODS.map((m) => m.toUpperCase()));
  return routes
    .filter((route) => describable.has(route.method))
    .map((route) => `${route.method} ${shape(route.url)}`)
    .filter(
      (key) => !documented.has(key) && !(key.startsWith('HEAD ') && documented.has(`GET ${key.slice(5)}`)),
    );
}

describe('the OpenAPI document', () => {
  let server: TestServer;
  let document: Document;
  beforeAll(async () => {
    // Every optional route registered: the benchmark figures and the metrics.
    server = await startTestServer({ env: { PARLEY_METRICS: 'true', METRICS_TOKEN: 'scrape-token' } });
    const res = await server.api('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    document = (await res.json()) as Document;
  });
  afterAll(() => server.stop());

  it('is public and a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    // The validator does refuse a broken document (an answer without its description).
    const broken = structuredClone(document);
    delete (broken.paths['/health']!.get!.responses['200'] as { description?: string }).description;
    expect((await new Validator().validate(broken as unknown as Record<string, unknown>)).valid).toBe(false);
  });

  it('describes every route the server registered', () => {
    const routes = registeredRoutes(server.app);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes).toContainEqual({ method: 'GET', url: '/api/debug/metrics' });
    expect(undocumentedRoutes(routes, document)).toEqual([]);
  });

  it('the coverage check fails for a route the document lacks', () => {
    const routes = [
      ...registeredRoutes(server.app),
      { method: 'POST', url: '/api/convos/:conversationId/pin' },
    ];
    expect(undocumentedRoutes(routes, document)).toEqual(['POST /api/convos/{}/pin']);
  });

  it('describes nothing the server does not have', () => {
    const registered = new Set(registeredRoutes(server.app).map((r) => `${r.method} ${shape(r.url)}`));
    const extra = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .map((method) => `${method.toUpperCase()} ${shape(path)}`)
        .filter((key) => !registered.has(key)),
    );
    expect(extra).toEqual([]);
  });

  it('takes request bodies, parameters and answers from the zod schemas', () => {
    const login = document.paths['/api/auth/login']!.post!;
    const body = login.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties ?? {})).toEqual(expect.arrayContaining(['email', 'password']));
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(login.security).toEqual([]);

    const list = document.paths['/api/convos']!.get!;
    expect(list.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['cursor', 'pageSize', 'sortBy', 'isArchived', 'tags', 'search']),
    );
    expect(list.parameters!.every((p) => p.in === 'query')).toBe(true);
    expect(list.security).toEqual([{ accessToken: [] }]);
    expect(list.responses['401']).toBeDefined();

    const message = document.paths['/api/messages/{conversationId}/{messageId}']!.put!;
    expect(message.parameters!.filter((p) => p.in === 'path').map((p) => p.name)).toEqual([
      'conversationId',
      'messageId',
    ]);

    expect(Object.keys(document.paths['/api/agents/chat']!.post!.responses['200']!.content!)).toEqual([
      'text/event-stream',
    ]);
    const upload = document.paths['/api/files']!.post!.requestBody!.content['multipart/form-data']!.schema;
    expect(upload.required).toEqual(['file']);
    expect(Object.keys(upload.properties ?? {})).toEqual(
      expect.arrayContaining(['file', 'endpoint', 'file_id']),
    );
  });
});

describe('the browsable page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('serves Swagger UI on the document with its own content policy', async () => {
    const page = await server.api('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect(html).not.toMatch(/<script>(?!<)/); // no inline script: the policy allows none

    const bundle = await server.api('/api/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('text/javascript');
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const start = await (await server.api('/api/docs/assets/docs-page.js')).text();
    expect(start).toContain("url: '/api/docs/openapi.json'");
    const css = await server.api('/api/docs/assets/swagger-ui.css');
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('serves only its own files', async () => {
    for (const name of [
      'package.json',
      '..%2F..%2Fpackage.json',
      'index.js',
      '%2Fetc%2Fpasswd',
      'swagger-ui-bundle.js.map',
    ]) {
      const res = await server.api(`/api/docs/assets/${name}`);
      expect(res.status, name).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('not_found');
    }
  });
});
