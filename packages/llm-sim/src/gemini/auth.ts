// Gemini clients send the key as `x-goog-api-key` or as the `key` query parameter. Any key is
// accepted except `sk-invalid`, like the other endpoints.
import type { IncomingMessage } from 'node:http';
import { INVALID_API_KEY } from '../behaviours/errors.ts';
import { INVALID_KEY } from '../openai/auth.ts';
import type { SimError } from '../script.ts';

export function checkGeminiAuth(req: IncomingMessage): SimError | undefined {
  const queryKey = new URL(req.url ?? '/', 'http://sim').searchParams.get('key');
  return req.headers['x-goog-api-key'] === INVALID_KEY || queryKey === INVALID_KEY
    ? INVALID_API_KEY
    : undefined;
}
