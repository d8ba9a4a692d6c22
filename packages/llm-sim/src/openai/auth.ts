// Any key is accepted, and so is none (Ollama-like servers need no key); the one key `sk-invalid` is
// refused, so clients' handling of a wrong key can be tested. OpenAI sends it as a bearer token,
// Azure OpenAI as an `api-key` header.
import type { IncomingMessage } from 'node:http';
import { INVALID_API_KEY } from '../behaviours/errors.ts';
import type { SimError } from '../script.ts';

export const INVALID_KEY = 'sk-invalid';

export function checkOpenAIAuth(req: IncomingMessage): SimError | undefined {
  const bearer = /^Bearer\s+(.*)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
  const azureKey = req.headers['api-key'];
  return bearer === INVALID_KEY || azureKey === INVALID_KEY ? INVALID_API_KEY : undefined;
}
