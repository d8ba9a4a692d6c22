// `POST /v1beta/models/{model}:streamGenerateContent?alt=sse` and `…:generateContent`: Google's
// Gemini API. Thought parts are sent only when the request sets
// `generationConfig.thinkingConfig.includeThoughts`; `thoughtsTokenCount` is reported either way.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveGeneration, type HandlerContext } from '../serve.ts';
import { checkGeminiAuth } from './auth.ts';
import { sendGoogleError } from './errors.ts';
import { handleGeminiImageOutput, isGeminiImageModel } from './image-output.ts';
import { createGeminiJsonWriter } from './json-writer.ts';
import { parseGenerateContent } from './request.ts';
import { newIdentity } from './response.ts';
import { createGeminiStreamWriter } from './stream-writer.ts';

export interface GenerateContentTarget {
  model: string;
  stream: boolean;
}

export async function handleGenerateContent(
  req: IncomingMessage,
  res: ServerResponse,
  context: HandlerContext,
  target: GenerateContentTarget,
): Promise<void> {
  const authError = checkGeminiAuth(req);
  if (authError) return sendGoogleError(res, authError);
  // Image models answer one picture (and a line of text) at once, never a scripted stream.
  if (isGeminiImageModel(target.model) && !target.stream)
    return handleGeminiImageOutput(req, res, target.model);
  return serveGeneration(req, res, context, {
    parse: (body) => parseGenerateContent(body, target.model),
    sendError: sendGoogleError,
    createWriter: (out, request) => {
      const identity = newIdentity(request.sim.model);
      return target.stream
        ? createGeminiStreamWriter(out, identity, request.includeThoughts)
        : createGeminiJsonWriter(out, identity, request.includeThoughts);
    },
  });
}

/**
 * The model in a `…/{name}:method` path: what follows `models/` (`/v1beta/models/echo`), else the
 * last segment (the AI SDK sends a model id containing a slash as-is: `/v1beta/demo/echo`).
 */
export function geminiModelFromPath(resource: string): string {
  const marker = resource.lastIndexOf('/models/');
  return marker >= 0
    ? resource.slice(marker + '/models/'.length)
    : resource.slice(resource.lastIndexOf('/') + 1);
}
