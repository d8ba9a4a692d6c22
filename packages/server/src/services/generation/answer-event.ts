import type { ProviderEvent } from '../providers/provider.ts';

/**
 * What an answer source yields: the model's own events, plus what a tool run adds between model
 * calls — a tool call's result, a tool waiting for the user to sign in, and the agent that
 * answers from here on. The content builder turns each into content parts and step events.
 */
export type AnswerEvent =
  | ProviderEvent
  /** A tool call finished: `output` is the full value the user sees (the model may get less). */
  | { type: 'tool-result'; id: string; output: string }
  /** A tool call waits for the user's credentials: `auth` is the sign-in link, until `expiresAt`. */
  | { type: 'tool-auth'; id: string; auth: string; expiresAt: number }
  /** The agent that answers from the next part on (a run that hands over to another agent). */
  | { type: 'agent-update'; agentId: string };
