import type { ProviderFailure, TokenUsage } from '../providers/provider.ts';

/**
 * What an API answer is made of, as the `/v1/` route shapes it (chunks or one completion): the
 * text, the model's reasoning, the calls of client tools, and how it ended. An agent's own tool
 * calls and results are not part of it: the agent runs them on the server.
 */
export type ApiAnswerEvent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  /** A client tool call began (`index` counts the answer's calls from 0). */
  | { type: 'tool-call-start'; index: number; id: string; name: string }
  | { type: 'tool-call-delta'; index: number; args: string };

/** How the answer ended, once it has. */
export type ApiAnswerEnd =
  | { type: 'finish'; reason: string; usage: ApiUsage }
  | { type: 'error'; failure: ProviderFailure; usage: ApiUsage };

/** Tokens in OpenAI's terms; counted by Parley's tokenizer when the provider reports none. */
export interface ApiUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** The whole answer, gathered for a non-streamed completion. */
export interface ApiAnswer {
  text: string;
  reasoning: string;
  toolCalls: { id: string; name: string; args: string }[];
}

/** What the source produced, for the usage, the save and the end. */
export interface SourceResult {
  text: string;
  finishReason: string | null;
  usage?: TokenUsage;
  failure?: ProviderFailure;
}
