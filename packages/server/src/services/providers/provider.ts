/**
 * Parley's own view of a model provider. The chat pipeline speaks only this interface, so a
 * provider SDK can be swapped (or a protocol added) without touching the pipeline.
 */

export interface ProviderMessage {
  /** `tool`: the result of one tool call, sent back to the model within a tool run. */
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  /** An assistant turn of a tool run: the calls the model made in it. */
  toolCalls?: ProviderToolCall[];
  /** A `tool` message: the call it answers. */
  toolResult?: { id: string; name: string };
  /** The user's files attached to this message (ids, checked against the caller when loaded). */
  fileIds?: string[];
  /** Pictures sent with a user message, already fitted to the provider's limits. */
  images?: ProviderImage[];
}

/** A picture for a vision model: its bytes and type, and OpenAI's detail setting. */
export interface ProviderImage {
  data: Uint8Array;
  mediaType: string;
  detail?: 'low' | 'high' | 'auto';
}

/**
 * Generation settings, already validated and with the endpoint's defaults applied
 * (services/parameters); unset ones are left to the provider. Each provider maps them onto its
 * own options and ignores those it has no use for.
 */
export interface ModelParameters {
  temperature?: number;
  topP?: number;
  topK?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  maxOutputTokens?: number;
  stopSequences?: string[];
  /** OpenAI reasoning models. */
  reasoningEffort?: 'none' | 'low' | 'medium' | 'high';
  /** OpenAI Responses API: ask for a reasoning summary. */
  reasoningSummary?: 'auto' | 'concise' | 'detailed';
  /** OpenAI and Azure: the Responses API instead of Chat Completions. */
  useResponsesApi?: boolean;
  /** Extended thinking (Anthropic, Bedrock Anthropic) or Gemini thoughts, with `thinkingBudget`. */
  thinking?: boolean;
  /** Tokens for thinking; Gemini also takes -1 (dynamic) and 0 (off). */
  thinkingBudget?: number;
  /** Mark the system prompt and the latest user turns as cache breakpoints (Anthropic, Bedrock). */
  promptCache?: boolean;
  /** Bedrock: the AWS region of this request (one of the endpoint's available regions). */
  region?: string;
}

/** One tool call a model made: its id, the tool's name and the arguments as JSON text. */
export interface ProviderToolCall {
  id: string;
  name: string;
  args: string;
}

/** A tool offered to the model: its name, what it does and its arguments' JSON schema. */
export interface ProviderTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** OpenAI's tool choices: the model decides, calls none, must call one, or must call this one. */
export type ProviderToolChoice = 'auto' | 'none' | 'required' | { name: string };

export interface ProviderRequest {
  model: string;
  messages: ProviderMessage[];
  parameters: ModelParameters;
  /** Tools the model may call; it then decides itself whether to (tool choice "auto"). */
  tools?: ProviderTool[];
  /**
   * Whether and which of the tools the model must call (an API client's `tool_choice`); "auto"
   * when absent.
   */
  toolChoice?: ProviderToolChoice;
  /** Aborting it stops the upstream request; the stream then ends without a finish event. */
  signal: AbortSignal;
  /** `complete` only: told the tokens the provider reports it used, so the call can be charged. */
  onUsage?: (usage: TokenUsage) => void;
}

export interface TokenUsage {
  /** All input tokens, the cached ones included. */
  inputTokens?: number;
  outputTokens?: number;
  reasoningTokens?: number;
  /** Input tokens read from, or written to, the provider's prompt cache. */
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

/** Why a provider request failed, in the terms the stream's error text needs. */
export interface ProviderFailure {
  message: string;
  /** Upstream HTTP status, when the provider answered with one. */
  status?: number;
  /** How long the provider asked to wait before trying again (a 429's retry-after), in seconds. */
  retryAfterSeconds?: number;
  /** A spec provider error key (`no_user_key`, …) when one applies. */
  key?: string;
  /** Upstream error code worth showing (`insufficient_quota`, `invalid_api_key`, …). */
  code?: string;
  /** Details the client shows with some keys (INPUT_LENGTH, google_error, expired_user_key). */
  info?: string;
  /** Further fields of the error JSON (e.g. `expiredAt`, `endpoint` for expired_user_key). */
  extra?: Record<string, unknown>;
  /** The connection broke after the answer had started (no status, no clean finish). */
  lostConnection?: boolean;
  /** Raised by Parley itself (e.g. a tool run past its step limit): `message` is shown as it is. */
  local?: boolean;
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
