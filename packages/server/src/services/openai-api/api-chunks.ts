import type { ApiAnswer, ApiAnswerEvent, ApiUsage } from './api-answer.ts';

/**
 * OpenAI's Chat Completions shapes: one `chat.completion`, or the `chat.completion.chunk`s of a
 * stream. `model` is the name the client asked for, as OpenAI answers it.
 */
export interface CompletionIds {
  id: string;
  created: number;
  model: string;
}

function chunk(ids: CompletionIds, choices: unknown[], usage?: ApiUsage | null) {
  return {
    id: ids.id,
    object: 'chat.completion.chunk',
    created: ids.created,
    model: ids.model,
    system_fingerprint: null,
    choices,
    ...(usage !== undefined ? { usage } : {}),
  };
}

/** The stream's first chunk: the assistant's role. */
export function roleChunk(ids: CompletionIds, withUsage: boolean) {
  return chunk(
    ids,
    [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }],
    withUsage ? null : undefined,
  );
}

/** One piece of the answer as a chunk's delta. */
export function deltaChunk(ids: CompletionIds, event: ApiAnswerEvent, withUsage: boolean) {
  const delta =
    event.type === 'text'
      ? { content: event.text }
      : event.type === 'reasoning'
        ? { reasoning_content: event.text }
        : event.type === 'tool-call-start'
          ? {
              tool_calls: [
                {
                  index: event.index,
                  id: event.id,
                  type: 'function',
                  function: { name: event.name, arguments: '' },
                },
              ],
            }
          : { tool_calls: [{ index: event.index, function: { arguments: event.args } }] };
  return chunk(ids, [{ index: 0, delta, logprobs: null, finish_reason: null }], withUsage ? null : undefined);
}

/** The last chunk of the answer: its finish reason. */
export function finishChunk(ids: CompletionIds, reason: string, withUsage: boolean) {
  return chunk(
    ids,
    [{ index: 0, delta: {}, logprobs: null, finish_reason: reason }],
    withUsage ? null : undefined,
  );
}

/** `stream_options.include_usage`: a chunk without choices carrying the usage, before [DONE]. */
export function usageChunk(ids: CompletionIds, usage: ApiUsage) {
  return chunk(ids, [], usage);
}

/** A whole (non-streamed) completion. */
export function completion(ids: CompletionIds, answer: ApiAnswer, reason: string, usage: ApiUsage) {
  const toolCalls = answer.toolCalls.map((c) => ({
    id: c.id,
    type: 'function',
    function: { name: c.name, arguments: c.args },
  }));
  return {
    id: ids.id,
    object: 'chat.completion',
    created: ids.created,
    model: ids.model,
    system_fingerprint: null,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: answer.text || (toolCalls.length ? null : ''),
          refusal: null,
          ...(answer.reasoning ? { reasoning_content: answer.reasoning } : {}),
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: reason,
      },
    ],
    usage,
  };
}

/** Gathers a streamed answer's events into the whole answer. */
export function gatherer(): { answer: ApiAnswer; add(event: ApiAnswerEvent): void } {
  const answer: ApiAnswer = { text: '', reasoning: '', toolCalls: [] };
  return {
    answer,
    add(event) {
      if (event.type === 'text') answer.text += event.text;
      else if (event.type === 'reasoning') answer.reasoning += event.text;
      else if (event.type === 'tool-call-start')
        answer.toolCalls[event.index] = { id: event.id, name: event.name, args: '' };
      else {
        const call = answer.toolCalls[event.index];
        if (call) call.args += event.args;
      }
    },
  };
}
