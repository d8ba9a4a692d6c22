import type { ModelParameters, Provider, ProviderFailure, ProviderMessage } from '../providers/provider.ts';
import type { AnswerEvent } from './answer-event.ts';

/** The model request a generation makes: the part of a chat plan that goes upstream. */
export interface ModelCall {
  /** Null when the endpoint cannot be called (e.g. it needs the user's key). */
  provider: Provider | null;
  /** Why the provider is missing, as a failure the error event reports. */
  missingProvider?: ProviderFailure;
  model: string;
  messages: ProviderMessage[];
  parameters: ModelParameters;
}

/**
 * Where a generation's events come from. The plain chat makes one model call; the tool loop
 * (services/tools/tool-loop.ts) calls the model again after each round of tool results and
 * yields the tool events in between; the job that turns events into content and saves the answer
 * is the same for both. A source ends after one `finish` or `error` event, or silently when the
 * signal aborts.
 */
export type AnswerSource = (
  call: ModelCall & { provider: Provider },
  signal: AbortSignal,
) => AsyncIterable<AnswerEvent>;

/** One streamed model call. */
export const singleModelCall: AnswerSource = (call, signal) =>
  call.provider.stream({ model: call.model, messages: call.messages, parameters: call.parameters, signal });
