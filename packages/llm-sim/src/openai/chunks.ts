// Builds `chat.completion.chunk` objects from units. Kept apart from the writers so the wire shape
// of one chunk is defined in one place.
import type { FinishReason } from '../script.ts';
import type { Unit, Usage } from '../units.ts';

/** What every chunk of one completion shares. */
export interface CompletionIdentity {
  id: string;
  created: number;
  model: string;
}

export type OpenAIFinishReason = 'stop' | 'length' | 'tool_calls';

export const FINISH_REASONS: Record<FinishReason, OpenAIFinishReason> = {
  stop: 'stop',
  length: 'length',
  'tool-calls': 'tool_calls',
};

export function openAIUsage(usage: Usage) {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
    completion_tokens_details: { reasoning_tokens: usage.reasoningTokens },
  };
}

export function chunk(
  identity: CompletionIdentity,
  delta: object,
  finishReason: OpenAIFinishReason | null = null,
) {
  return {
    id: identity.id,
    object: 'chat.completion.chunk',
    created: identity.created,
    model: identity.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

/** OpenAI's last chunk with `stream_options.include_usage`: no choices, only usage. */
export function usageChunk(identity: CompletionIdentity, usage: Usage) {
  const { id, created, model } = identity;
  return { id, object: 'chat.completion.chunk', created, model, choices: [], usage: openAIUsage(usage) };
}

/** The delta for a content-carrying unit; undefined for units that are not deltas. */
export function unitDelta(unit: Unit): object | undefined {
  switch (unit.type) {
    case 'reasoning':
      // DeepSeek's field name, which the OpenAI-compatible clients read.
      return { reasoning_content: unit.text };
    case 'text':
      return { content: unit.text };
    case 'tool-call-start':
      return {
        tool_calls: [
          { index: unit.index, id: unit.id, type: 'function', function: { name: unit.name, arguments: '' } },
        ],
      };
    case 'tool-call-delta':
      return { tool_calls: [{ index: unit.index, function: { arguments: unit.text } }] };
    default:
      return undefined;
  }
}
