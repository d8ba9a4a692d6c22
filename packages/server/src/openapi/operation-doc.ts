import type { z } from 'zod';

/** The HTTP methods an OpenAPI 3.1 path item can describe. */
export const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof OPENAPI_METHODS)[number];

/**
 * Who may call an operation: anyone; a signed-in user (`Authorization: Bearer <access token>`);
 * anyone, with more shown to a signed-in user; the holder of the refresh cookie; a scraper
 * with `Authorization: Bearer <METRICS_TOKEN>`; or a script with a personal API key
 * (`Authorization: Bearer pk-parley-…`, the `/v1/` routes only).
 */
export type Access = 'public' | 'user' | 'optional-user' | 'refresh-cookie' | 'metrics-token' | 'api-key';

/** What a successful answer carries. */
export type AnswerKind =
  | 'json'
  | 'event-stream'
  | 'text'
  | 'prometheus'
  | 'html'
  | 'javascript'
  | 'css'
  | 'download'
  | 'audio'
  | 'redirect'
  | 'empty';

export interface Answer {
  status: number;
  description: string;
  kind?: AnswerKind;
  /** The answer's body (JSON or, for an event stream, one event's data). */
  schema?: z.ZodType;
}

/**
 * One operation of the HTTP API as the OpenAPI document describes it. The request parts are the
 * zod schemas the route parses with, so the document says what the server accepts.
 */
export interface OperationDoc {
  method: HttpMethod;
  /** Fastify's path template (`/api/convos/:conversationId`). */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Path parameters; without it each `:name` is a required string. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A multipart upload: a binary `file` part, with these fields beside it. */
  upload?: { fields?: z.ZodObject };
  /** An HTML form POST (`application/x-www-form-urlencoded`). */
  form?: z.ZodObject;
  /** Request headers the operation reads. */
  headers?: { name: string; description: string }[];
  answers: Answer[];
}
