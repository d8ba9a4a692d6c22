// `POST /v1/messages`: Anthropic's Messages API, streamed or not. The `thinking` model always sends
// thinking blocks, whether or not the request enables `thinking` (so clients' display of thinking
// can be tested without a budget).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveGeneration, type HandlerContext } from '../serve.ts';
import { checkAnthropicAuth } from './auth.ts';
import { sendAnthropicError } from './errors.ts';
import { createAnthropicJsonWriter } from './json-writer.ts';
import { newIdentity } from './message.ts';
import { parseMessagesRequest } from './request.ts';
import { createAnthropicStreamWriter } from './stream-writer.ts';

export async function handleMessages(
  req: IncomingMessage,
  res: ServerResponse,
  context: HandlerContext,
): Promise<void> {
  const authError = checkAnthropicAuth(req);
  if (authError) return sendAnthropicError(res, authError);
  return serveGeneration(req, res, context, {
    parse: parseMessagesRequest,
    sendError: sendAnthropicError,
    createWriter: (out, request) => {
      const identity = newIdentity(request);
      return request.stream
        ? createAnthropicStreamWriter(out, identity)
        : createAnthropicJsonWriter(out, identity);
    },
  });
}
