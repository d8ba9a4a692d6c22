import { REFRESH_COOKIE, apiErrorSchema } from '@parley/schema';
import type { z } from 'zod';
import { toJsonSchema, type JsonSchema } from './json-schema.ts';
import type { Answer, AnswerKind, OperationDoc } from './operation-doc.ts';

export interface OpenApiDocument {
  openapi: '3.1.1';
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}

const MEDIA_TYPES: Record<Exclude<AnswerKind, 'redirect' | 'empty'>, string> = {
  json: 'application/json',
  'event-stream': 'text/event-stream',
  text: 'text/plain',
  prometheus: 'text/plain; version=0.0.4',
  html: 'text/html',
  javascript: 'text/javascript',
  css: 'text/css',
  download: 'application/octet-stream',
  audio: 'audio/mpeg',
};

const SECURITY: Record<OperationDoc['access'], unknown[] | undefined> = {
  public: [],
  user: [{ accessToken: [] }],
  'optional-user': [{}, { accessToken: [] }],
  'refresh-cookie': [{}, { refreshCookie: [] }],
  'metrics-token': [{ metricsToken: [] }],
  'api-key': [{ personalApiKey: [] }],
};

/** `/api/convos/:conversationId` → `/api/convos/{conversationId}`; Fastify's `*` → `{path}`. */
export function openApiPath(fastifyPath: string): string {
  return fastifyPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{path}');
}

/** The path parameters a Fastify template names. */
function pathParamNames(fastifyPath: string): string[] {
  const names = [...fastifyPath.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  return fastifyPath.endsWith('/*') ? [...names, 'path'] : names;
}

/** Builds the OpenAPI 3.1 document of the given operations. */
export function buildOpenApiDocument(operations: OperationDoc[], version: string): OpenApiDocument {
  const apiError = toJsonSchema(apiErrorSchema, 'output', {}, 'ApiError');
  const schemas: Record<string, JsonSchema> = {
    ApiError: {
      ...apiError,
      description:
        'Every failure: a message, a machine-readable code, and the id of the request in its log lines.',
      properties: { ...(apiError.properties as object), requestId: { type: 'string' } },
    },
  };
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of operations) {
    const path = openApiPath(operation.path);
    const item = (paths[path] ??= {});
    if (item[operation.method])
      throw new Error(`${operation.method.toUpperCase()} ${path} is described twice`);
    item[operation.method] = describeOperation(operation, schemas);
  }
  const tags = [...new Set(operations.map((o) => o.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.1',
    info: {
      title: 'Parley API',
      version,
      description:
        'The HTTP API of Parley, generated from the zod schemas the server validates requests with. ' +
        'Signed-in calls send `Authorization: Bearer <token>` (the token from login or refresh).',
    },
    tags,
    paths,
    components: {
      schemas,
      securitySchemes: {
        accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        refreshCookie: { type: 'apiKey', in: 'cookie', name: REFRESH_COOKIE },
        personalApiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal API key (pk-parley-…) from Settings → API keys; opens the /v1/ routes only.',
        },
        metricsToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The METRICS_TOKEN the server was started with.',
        },
      },
    },
  };
}

function describeOperation(
  operation: OperationDoc,
  schemas: Record<string, JsonSchema>,
): Record<string, unknown> {
  const operationId = `${operation.method}${openApiPath(operation.path)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}`;
  const convert = (schema: z.ZodType, io: 'input' | 'output', part: string) =>
    toJsonSchema(schema, io, schemas, `${operationId}_${part}`);
  const parameters = [
    ...pathParameters(operation, convert),
    ...objectParameters(operation.query, 'query', convert),
    ...(operation.headers ?? []).map((h) => ({
      name: h.name,
      in: 'header',
      required: false,
      description: h.description,
      schema: { type: 'string' },
    })),
  ];
  const hasInput = parameters.length > 0 || operation.body || operation.upload || operation.form;
  const responses: Record<string, unknown> = {};
  for (const answer of operation.answers) responses[String(answer.status)] = describeAnswer(answer, convert);
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
  });
  if (hasInput)
    responses['400'] ??= error('The request does not match its schema (`issues` names each field).');
  if (operation.access === 'user') responses['401'] ??= error('No valid access token.');
  if (operation.access === 'api-key') responses['401'] ??= error('No valid personal API key.');
  responses['default'] = error('Any other failure (403, 404, 409, 413, 429 with Retry-After, …).');
  return {
    operationId,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    security: SECURITY[operation.access],
    ...(parameters.length ? { parameters } : {}),
    ...requestBody(operation, convert),
    responses,
  };
}

type Convert = (schema: z.ZodType, io: 'input' | 'output', part: string) => JsonSchema;

function pathParameters(operation: OperationDoc, convert: Convert): unknown[] {
  const names = pathParamNames(operation.path);
  const described = operation.params ? objectParameters(operation.params, 'path', convert) : [];
  return names.map(
    (name) =>
      described.find((p) => p.name === name) ?? {
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      },
  );
}

function objectParameters(schema: z.ZodObject | undefined, where: 'path' | 'query', convert: Convert) {
  if (!schema) return [];
  const json = convert(schema, 'input', where);
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

function requestBody(operation: OperationDoc, convert: Convert): Record<string, unknown> {
  if (operation.body) {
    return {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: convert(operation.body, 'input', 'body') } },
      },
    };
  }
  if (operation.upload) {
    const fields = operation.upload.fields ? convert(operation.upload.fields, 'input', 'upload') : {};
    return {
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: {
                file: { type: 'string', contentMediaType: 'application/octet-stream' },
                ...((fields.properties as object | undefined) ?? {}),
              },
            },
          },
        },
      },
    };
  }
  if (operation.form) {
    return {
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': { schema: convert(operation.form, 'input', 'form') },
        },
      },
    };
  }
  return {};
}

function describeAnswer(answer: Answer, convert: Convert): Record<string, unknown> {
  const kind = answer.kind ?? 'json';
  if (kind === 'redirect') {
    return {
      description: answer.description,
      headers: { Location: { description: 'Where the browser goes next.', schema: { type: 'string' } } },
    };
  }
  if (kind === 'empty') return { description: answer.description };
  const schema = answer.schema
    ? convert(answer.schema, 'output', String(answer.status))
    : defaultSchema(kind);
  return { description: answer.description, content: { [MEDIA_TYPES[kind]]: { schema } } };
}

function defaultSchema(kind: AnswerKind): JsonSchema {
  if (kind === 'json') return {};
  if (kind === 'download') return { type: 'string', contentMediaType: 'application/octet-stream' };
  if (kind === 'audio') return { type: 'string', contentMediaType: 'audio/mpeg' };
  return { type: 'string' };
}
