/**
 * Parley's own view of a model provider. The chat pipeline speaks only this interface, so a
 * provider SDK can be swapped (or a protocol added) without touching the pipeline.
 */

export interface ProviderMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Generation settings, already validated; unset ones are left to the provider. */
export interface ModelParameters {
  temperature?: number;
  topP?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  maxOutputTokens?: number;
  stopSequences?: string[];
}

export interface ProviderRequest {
  model: string;
  messages: ProviderMessage[];
  parameters: ModelParameters;
  /** Aborting it stops the upstream request; the stream then ends without a finish event. */
  signal: AbortSignal;
}

export interface TokenUsage {
  inputTokens?: number;
  outputTokens?: number;
  reasoningTokens?: number;
}

/** Why a provider request failed, in the terms the stream's error text needs. */
export interface ProviderFailure {
  message: string;
  /** Upstream HTTP status, when the provider answered with one. */
  status?: number;
  /** A spec provider error key (`no_user_key`, …) when one applies. */
  key?: string;
  /** The connection broke after the answer had started (no status, no clean finish). */
  lostConnection?: boolean;
}

export type ProviderEvent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-call-start'; id: string; name: string }
  | { type: 'tool-call-delta'; id: string; args: string }
  | { type: 'tool-call'; id: string; name: string; args: string }
  /** `reason` in OpenAI's words: stop, length, tool_calls, content_filter, … */
  | { type: 'finish'; reason: string; usage?: TokenUsage }
  | { type: 'error'; failure: ProviderFailure };

export interface Provider {
  /**
   * Streams one answer. Ends after a `finish` or an `error` event, or silently when the signal
   * aborts. Never throws: failures arrive as `error` events.
   */
  stream(request: ProviderRequest): AsyncIterable<ProviderEvent>;
  /** The models the provider lists (for `models.fetch`). */
  listModels(signal?: AbortSignal): Promise<string[]>;
  /** A single short completion (titles); throws on failure. */
  complete(request: ProviderRequest): Promise<string>;
}
