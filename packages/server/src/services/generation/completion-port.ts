import type { ContentPart } from '@parley/schema';
import type { ProviderFailure, TokenUsage } from '../providers/provider.ts';
import type { AttachmentEventData } from './attachment-event.ts';

/** How a generation ended. */
export type GenerationOutcome =
  /** The provider finished. */
  | 'done'
  /** Stopped by its user: the stop call, or a client that closed the stream it had not made resumable. */
  | 'stopped'
  /** Stopped by the server: a shutdown, or its lock taken by another instance. */
  | 'aborted'
  /** The upstream connection broke mid-answer. */
  | 'lost'
  /** The provider refused or failed. */
  | 'error';

export interface GenerationResult {
  outcome: GenerationOutcome;
  parts: ContentPart[];
  /** The plain text of the whole answer (a continued answer's earlier text included). */
  text: string;
  /** The provider's finish reason when outcome is `done`. */
  finishReason?: string;
  usage?: TokenUsage;
  failure?: ProviderFailure;
  /** The files tools made for the answer, as their `attachment` events announced them. */
  attachments?: AttachmentEventData[];
  /** When the generation started, its first streamed output arrived, and it ended (ms epoch). */
  timing?: { startedAt: number; firstOutputAt?: number; endedAt: number };
}

/** The event that ends the stream, built once the answer is saved. */
export interface TerminalEvent {
  kind: 'f' | 'e';
  json: string;
}

/**
 * What a generation job hands its beginning and end to: the side that owns the conversation (the
 * chat service). The job only streams; saving is the port's.
 */
export interface CompletionPort {
  /**
   * Settles when the request message is saved. The upstream request starts at once, in
   * parallel; the job publishes nothing before this resolves, and when it rejects the upstream
   * request is dropped and nothing is saved.
   */
  requestSaved(): Promise<unknown>;
  /** Saves the answer and shapes the stream's last event; called exactly once. */
  complete(result: GenerationResult): Promise<TerminalEvent>;
}

/**
 * What the generation manager does around each of its jobs: log a job's errors, free its lock and
 * subscriptions once the answer is saved (before the final event goes out, so a client that sends
 * its next message on `final` finds the conversation free), and note its first output.
 */
export interface JobHost {
  failed(err: unknown): void;
  settle(): Promise<void>;
  firstOutput(): void;
}
