// The request flow every generating endpoint shares, whatever its wire protocol: read the body, let
// the protocol parse it, pick the behaviour, expand its script, answer an up-front error as an HTTP
// error, and otherwise play the units through the protocol's writer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Behaviour } from './behaviours/behaviour.ts';
import { resolveBehaviour } from './behaviours/registry.ts';
import { countPromptTokens, type SimRequest } from './conversation.ts';
import { runGeneration } from './generation.ts';
import { readJsonBody } from './http.ts';
import { mergePacing, pacingFromHeaders, type SimDefaults } from './pacing.ts';
import type { SimError } from './script.ts';
import { modelNotFound } from './sim-errors.ts';
import type { StatsTracker } from './stats.ts';
import { expandScript, type Unit } from './units.ts';

export interface HandlerContext {
  defaults: SimDefaults;
  stats: StatsTracker;
  onRequest?: RequestObserver;
}

/** A generation or rerank request as received (before any validation beyond JSON), for tests to inspect. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}
export type RequestObserver = (request: ReceivedRequest) => void;

/** Shows a request whose JSON body was read to the test's observer, if there is one. */
export function reportRequest(context: HandlerContext, req: IncomingMessage, body: unknown): void {
  context.onRequest?.({ method: req.method ?? 'POST', url: req.url ?? '/', headers: req.headers, body });
}

/** What every protocol's parser must extract; protocols add their own fields (stream, usage flags…). */
export interface ParsedGeneration {
  sim: SimRequest;
  /** The protocol's output limit (max_tokens, max_output_tokens, maxOutputTokens, maxTokens). */
  maxTokens?: number;
  /** The body's `sim` field; the most specific pacing layer. */
  pacing: Partial<SimDefaults>;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: SimError };

export interface GenerationProtocol<T extends ParsedGeneration> {
  parse(body: unknown): Parsed<T>;
  sendError(res: ServerResponse, error: SimError): void;
  /** Called once the generation starts; renders each batch and ends (or drops) the response. */
  createWriter(res: ServerResponse, request: T): (batch: Unit[]) => void;
  /** Defaults to the model-name registry; Bedrock maps provider model ids its own way. */
  resolveBehaviour?(model: string): Behaviour | undefined;
}

export async function serveGeneration<T extends ParsedGeneration>(
  req: IncomingMessage,
  res: ServerResponse,
  context: HandlerContext,
  protocol: GenerationProtocol<T>,
): Promise<void> {
  const body = await readJsonBody(req);
  if (!body.ok) return protocol.sendError(res, body.error);
  reportRequest(context, req, body.value);
  const parsed = protocol.parse(body.value);
  if (!parsed.ok) return protocol.sendError(res, parsed.error);
  const request = parsed.value;

  const behaviour = (protocol.resolveBehaviour ?? resolveBehaviour)(request.sim.model);
  if (!behaviour) return protocol.sendError(res, modelNotFound(request.sim.model));
  const script = behaviour(request.sim);
  const units = expandScript(script, {
    promptTokens: countPromptTokens(request.sim),
    maxTokens: request.maxTokens,
  });
  // A script that fails up front is an HTTP error, not a stream, exactly as providers answer.
  if (units[0]?.type === 'error') return protocol.sendError(res, units[0].error);

  runGeneration({
    res,
    units,
    pacing: mergePacing(context.defaults, script.pacing, pacingFromHeaders(req.headers), request.pacing),
    stats: context.stats,
    createWriter: () => protocol.createWriter(res, request),
  });
}
