import type { ParleyFile, PendingToolApproval } from '@parley/schema';
import type { ProviderEvent } from '../providers/provider.ts';

/**
 * What an answer source yields: the model's own events, plus what a tool run adds between model
 * calls — a tool call's result, a tool waiting for the user to sign in, and the agent that
 * answers from here on. The content builder turns each into content parts and step events.
 */
export type AnswerEvent =
  | ProviderEvent
  /**
   * A tool call finished: `output` is the full value the user sees (the model may get less);
   * `images` are pictures it made (stored files), each a picture part after the call; `files`
   * other files it made (stored), each sent as an `attachment` event and kept in the answer's
   * `attachments`.
   */
  | { type: 'tool-result'; id: string; output: string; images?: ParleyFile[]; files?: ParleyFile[] }
  /**
   * A running tool call reported how far it got: `progress` is the share done (between the
   * announced 0.1 and 1, which only the result sets), absent when the tool cannot tell; `message`
   * what it is doing.
   */
  | { type: 'tool-progress'; id: string; progress?: number; message?: string }
  /** A tool call waits for the user's credentials: `auth` is the sign-in link, until `expiresAt`. */
  | { type: 'tool-auth'; id: string; auth: string; expiresAt: number }
  /**
   * A tool call waits for the user (approval, or an `ask_user` answer) until `approval.expires_at`;
   * the same event with `expires_at` now says the wait is over.
   */
  | { type: 'tool-approval'; id: string; approval: PendingToolApproval }
  /** The agent that answers from the next part on (a run that hands over to another agent). */
  | { type: 'agent-update'; agentId: string; agentName?: string };
