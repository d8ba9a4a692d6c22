import { z } from 'zod';
import { OPENAPI_METHODS, type OperationDoc } from './operation-doc.ts';

/** The files of the browsable page (Swagger UI's distribution), by the name the page asks for. */
export const DOCS_PAGE_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'docs-page.js'] as const;

const readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.string().describe('`ok`, or `unreachable: <reason>`'),
  bus: z.string().describe('`ok`, or `unreachable: <reason>`'),
});

/** Health, metrics, this documentation, the benchmark figures and the retired Assistants API. */
export const systemOperations: OperationDoc[] = [
  {
    method: 'get',
    path: '/health',
    tag: 'Operations',
    summary: 'Liveness',
    access: 'public',
    answers: [{ status: 200, kind: 'text', description: '`OK` while the process serves requests' }],
  },
  {
    method: 'get',
    path: '/health/ready',
    tag: 'Operations',
    summary: 'Readiness: the database and the Bus answer',
    access: 'public',
    answers: [
      { status: 200, description: 'Ready', schema: readiness },
      { status: 503, description: 'The database or the Bus did not answer within 2 s', schema: readiness },
    ],
  },
  {
    method: 'get',
    path: '/metrics',
    tag: 'Operations',
    summary: 'Prometheus metrics',
    access: 'metrics-token',
    description: 'Exists only when the server was started with METRICS_TOKEN (404 otherwise).',
    answers: [{ status: 200, kind: 'prometheus', description: "Prometheus's text format" }],
  },
  {
    method: 'get',
    path: '/api/debug/metrics',
    tag: 'Operations',
    summary: 'Runtime figures for the benchmarks',
    access: 'public',
    description: 'Registered only with PARLEY_METRICS=true, never in production.',
    query: z.object({
      reset: z.enum(['true', 'false']).optional().describe('`true` starts a new measuring window'),
    }),
    answers: [{ status: 200, description: 'Counters and timings since the last reset' }],
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'Documentation',
    summary: 'This document as a browsable page',
    access: 'public',
    answers: [{ status: 200, kind: 'html', description: 'Swagger UI showing /api/docs/openapi.json' }],
  },
  {
    method: 'get',
    path: '/api/docs/openapi.json',
    tag: 'Documentation',
    summary: 'This OpenAPI 3.1 document',
    access: 'public',
    answers: [
      { status: 200, description: 'The document, generated from the schemas the server validates with' },
    ],
  },
  {
    method: 'get',
    path: '/api/docs/assets/:file',
    tag: 'Documentation',
    summary: "The browsable page's script and style sheet",
    access: 'public',
    params: z.object({ file: z.enum(DOCS_PAGE_ASSETS) }),
    answers: [{ status: 200, kind: 'javascript', description: 'The file (style sheets as text/css)' }],
  },
  ...['/api/assistants', '/api/assistants/*'].flatMap((path) =>
    OPENAPI_METHODS.map((method): OperationDoc => ({
      method,
      path,
      tag: 'Assistants (retired)',
      summary: 'The Assistants API is retired',
      access: 'public',
      answers: [{ status: 404, description: 'Always: code `assistants_retired` (use agents)' }],
    })),
  ),
];
