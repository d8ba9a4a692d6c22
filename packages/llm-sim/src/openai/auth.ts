// Any bearer key is accepted, and so is none (Ollama-like servers need no key); the one key
// `sk-invalid` is refused, so clients' handling of a wrong key can be tested.
import type { IncomingMessage } from 'node:http';
import { INVALID_API_KEY } from '../behaviours/errors.ts';
import type { SimError } from '../script.ts';

export const INVALID_KEY = 'sk-invalid';

export function checkOpenAIAuth(req: IncomingMessage): SimError | undefined {
  const match = /^Bearer\s+(.*)$/i.exec(req.headers.authorization ?? '');
  return match?.[1]?.trim() === INVALID_KEY ? INVALID_API_KEY : undefined;
}
