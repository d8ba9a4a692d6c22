// `error-401`, `error-429`, `error-500`: the provider refuses before streaming anything, so clients'
// error handling (and retry-after) can be tested. `error-429-then-500`: a provider having a bad day,
// refusing a prompt with 429 the first time it sees it and with 500 the next (then 429 again…), so
// a fallback chain through two such models fails once each way before its third model answers.
import { lastUserText } from '../conversation.ts';
import type { Script, SimError } from '../script.ts';
import type { Behaviour } from './behaviour.ts';

export const INVALID_API_KEY: SimError = {
  kind: 'invalid-api-key',
  status: 401,
  message: 'Incorrect API key provided',
};

export const RATE_LIMITED: SimError = {
  kind: 'rate-limit',
  status: 429,
  message: 'Rate limit reached for requests. Please try again in 2s.',
  retryAfterSeconds: 2,
};

export const SERVER_ERROR: SimError = {
  kind: 'server-error',
  status: 500,
  message: 'The server had an error while processing your request. Sorry about that!',
};

function failWith(error: SimError): Behaviour {
  const script: Script = { events: [{ type: 'error', error }] };
  return () => script;
}

export const error401 = failWith(INVALID_API_KEY);
export const error429 = failWith(RATE_LIMITED);
export const error500 = failWith(SERVER_ERROR);

/** How many prompts `error-429-then-500` remembers; the oldest is forgotten past it. */
const REMEMBERED_PROMPTS = 1_000;
const seenPrompts = new Map<string, number>();

/**
 * Counted per prompt (the last user message), not per server: tests running side by side on one
 * simulator each see the sequence from its start as long as their prompts differ.
 */
export const error429Then500: Behaviour = (request) => {
  const prompt = lastUserText(request);
  const seen = seenPrompts.get(prompt) ?? 0;
  seenPrompts.delete(prompt);
  seenPrompts.set(prompt, seen + 1);
  if (seenPrompts.size > REMEMBERED_PROMPTS) seenPrompts.delete(seenPrompts.keys().next().value!);
  return { events: [{ type: 'error', error: seen % 2 === 0 ? RATE_LIMITED : SERVER_ERROR }] };
};
