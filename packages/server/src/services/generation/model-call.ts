import type {
  ModelParameters,
  Provider,
  ProviderEvent,
  ProviderFailure,
  ProviderMessage,
} from '../providers/provider.ts';

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
 * Where a generation's events come from. The plain chat makes one model call; a source that runs
 * tools would call the model again after each tool result and yield the tool events in between,
 * and the job that turns events into content and saves the answer would stay as it is.
 */
export type AnswerSource = (
  call: ModelCall & { provider: Provider },
  signal: AbortSignal,
) => AsyncIterable<ProviderEvent>;

/** One streamed model call. */
export const singleModelCall: AnswerSource = (call, signal) =>
  call.provider.stream({ model: call.model, messages: call.messages, parameters: call.parameters, signal });
