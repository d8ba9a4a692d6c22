// `POST /v1/chat/completions`: parse, pick the behaviour, expand its script, and play it as an SSE
// stream or a single JSON answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveBehaviour } from '../behaviours/registry.ts';
import { countPromptTokens } from '../conversation.ts';
import { runGeneration } from '../generation.ts';
import { readJsonBody } from '../http.ts';
import { randomId } from '../ids.ts';
import { mergePacing, pacingFromHeaders, type SimDefaults } from '../pacing.ts';
import type { StatsTracker } from '../stats.ts';
import { expandScript } from '../units.ts';
import { modelNotFound, sendOpenAIError } from './errors.ts';
import { createJsonWriter } from './json-writer.ts';
import { parseChatRequest } from './request.ts';
import { createStreamWriter } from './stream-writer.ts';

export interface HandlerContext {
  defaults: SimDefaults;
  stats: StatsTracker;
}

export async function handleChatCompletions(
  req: IncomingMessage,
  res: ServerResponse,
  context: HandlerContext,
): Promise<void> {
  const body = await readJsonBody(req);
  if (!body.ok) return sendOpenAIError(res, body.error);
  const parsed = parseChatRequest(body.value);
  if (!parsed.ok) return sendOpenAIError(res, parsed.error);
  const { sim, stream, includeUsage, maxTokens } = parsed.value;

  const behaviour = resolveBehaviour(sim.model);
  if (!behaviour) return sendOpenAIError(res, modelNotFound(sim.model));
  const script = behaviour(sim);
  const units = expandScript(script, { promptTokens: countPromptTokens(sim), maxTokens });
  // A script that fails up front is an HTTP error, not a stream, exactly as providers answer.
  if (units[0]?.type === 'error') return sendOpenAIError(res, units[0].error);

  const identity = { id: randomId('chatcmpl-'), created: Math.floor(Date.now() / 1000), model: sim.model };
  runGeneration({
    res,
    units,
    pacing: mergePacing(context.defaults, script.pacing, pacingFromHeaders(req.headers), parsed.value.pacing),
    stats: context.stats,
    createWriter: () =>
      stream ? createStreamWriter({ res, identity, includeUsage }) : createJsonWriter(res, identity),
  });
}
