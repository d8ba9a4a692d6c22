// `POST /v1/responses` (also Azure's `/openai/v1/responses`): OpenAI's Responses API, streamed or
// not. Errors use the OpenAI error format.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendOpenAIError } from '../openai/errors.ts';
import { serveGeneration, type HandlerContext } from '../serve.ts';
import { createResponsesJsonWriter } from './json-writer.ts';
import { parseResponsesRequest } from './request.ts';
import { newIdentity } from './response-object.ts';
import { createResponsesStreamWriter } from './stream-writer.ts';

export function handleResponses(
  req: IncomingMessage,
  res: ServerResponse,
  context: HandlerContext,
): Promise<void> {
  return serveGeneration(req, res, context, {
    parse: parseResponsesRequest,
    sendError: sendOpenAIError,
    createWriter: (out, request) => {
      const identity = newIdentity(request.sim.model);
      return request.stream
        ? createResponsesStreamWriter(out, identity)
        : createResponsesJsonWriter(out, identity);
    },
  });
}
