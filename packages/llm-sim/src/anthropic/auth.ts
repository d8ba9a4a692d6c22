// Anthropic clients send the key as `x-api-key` (or a bearer token with `authToken`). Any key is
// accepted except `sk-invalid`, like the OpenAI endpoints.
import type { IncomingMessage } from 'node:http';
import { INVALID_API_KEY } from '../behaviours/errors.ts';
import { INVALID_KEY } from '../openai/auth.ts';
import type { SimError } from '../script.ts';

export function checkAnthropicAuth(req: IncomingMessage): SimError | undefined {
  const bearer = /^Bearer\s+(.*)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
  return req.headers['x-api-key'] === INVALID_KEY || bearer === INVALID_KEY ? INVALID_API_KEY : undefined;
}
