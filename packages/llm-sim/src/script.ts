// The protocol-neutral description of one simulated answer. Behaviours produce a Script; each wire
// protocol (OpenAI Chat Completions today; Anthropic, Gemini, Bedrock, Responses later) renders it.
import type { SimDefaults } from './pacing.ts';

/** Why an answer ended, in neutral words; each protocol maps it to its own spelling. */
export type FinishReason = 'stop' | 'length' | 'tool-calls';

/** Neutral error kinds, so each protocol can pick its own status text, type and code. */
export type SimErrorKind =
  'invalid-api-key' | 'rate-limit' | 'server-error' | 'model-not-found' | 'bad-request' | 'not-found';

export interface SimError {
  kind: SimErrorKind;
  status: number;
  message: string;
  /** The request field at fault, when there is one (OpenAI's `param`). */
  param?: string;
  /** Sent as a `retry-after` header (seconds). */
  retryAfterSeconds?: number;
}

export type ScriptEvent =
  | { type: 'reasoning'; text: string }
  | { type: 'text'; text: string }
  | { type: 'tool-call'; id: string; name: string; arguments: string }
  | { type: 'finish'; reason: FinishReason }
  | { type: 'error'; error: SimError }
  | { type: 'disconnect' };

export interface Script {
  events: ScriptEvent[];
  /** Pacing this behaviour prefers (e.g. `slow` runs at 20 tokens/s); request overrides still win. */
  pacing?: Partial<SimDefaults>;
}
