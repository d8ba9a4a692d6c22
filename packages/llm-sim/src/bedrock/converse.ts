// `POST /model/{modelId}/converse-stream` and `POST /model/{modelId}/converse`: Amazon Bedrock's
// Converse API. The behaviour comes from the model id (see model-id.ts); the `thinking` behaviour
// always sends reasoning content.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveGeneration, type HandlerContext } from '../serve.ts';
import { checkBedrockAuth } from './auth.ts';
import { sendBedrockError } from './errors.ts';
import { createConverseJsonWriter } from './json-writer.ts';
import { resolveBedrockBehaviour } from './model-id.ts';
import { parseConverseRequest } from './request.ts';
import { createConverseStreamWriter } from './stream-writer.ts';

export interface ConverseTarget {
  modelId: string;
  stream: boolean;
}

export async function handleConverse(
  req: IncomingMessage,
  res: ServerResponse,
  context: HandlerContext,
  target: ConverseTarget,
): Promise<void> {
  const authError = checkBedrockAuth(req);
  if (authError) return sendBedrockError(res, authError);
  return serveGeneration(req, res, context, {
    parse: (body) => parseConverseRequest(body, target.modelId),
    sendError: sendBedrockError,
    resolveBehaviour: resolveBedrockBehaviour,
    createWriter: (out, request) =>
      target.stream
        ? createConverseStreamWriter(out, request.cachedTokens)
        : createConverseJsonWriter(out, request.cachedTokens),
  });
}
