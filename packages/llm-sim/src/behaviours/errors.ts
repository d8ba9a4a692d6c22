// `error-401`, `error-429`, `error-500`: the provider refuses before streaming anything, so clients'
// error handling (and retry-after) can be tested.
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
