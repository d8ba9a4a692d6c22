// `POST /v1/chat/completions` (also Azure's `/openai/deployments/{name}/chat/completions`): parse,
// pick the behaviour, and play it as an SSE stream or a single JSON answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomId } from '../ids.ts';
import { serveGeneration, type HandlerContext } from '../serve.ts';
import { sendOpenAIError } from './errors.ts';
import { createJsonWriter } from './json-writer.ts';
import { parseChatRequest } from './request.ts';
import { createStreamWriter } from './stream-writer.ts';

export interface ChatOptions {
  /** Azure deployments: the deployment in the path names the model, whatever the body says. */
  model?: string;
}

export function handleChatCompletions(
  req: IncomingMessage,
  res: ServerResponse,
  context: HandlerContext,
  options: ChatOptions = {},
): Promise<void> {
  return serveGeneration(req, res, context, {
    parse: (body) => parseChatRequest(body, options.model),
    sendError: sendOpenAIError,
    createWriter: (out, { sim, stream, includeUsage }) => {
      const identity = {
        id: randomId('chatcmpl-'),
        created: Math.floor(Date.now() / 1000),
        model: sim.model,
      };
      return stream
        ? createStreamWriter({ res: out, identity, includeUsage })
        : createJsonWriter(out, identity);
    },
  });
}
