// The Responses API's `response` object and output items, built from content blocks. Shared by the
// stream writer (lifecycle events carry snapshots of it) and the JSON writer.
import type { Block } from '../blocks.ts';
import { randomId } from '../ids.ts';
import type { FinishReason, SimError } from '../script.ts';
import type { Usage } from '../units.ts';

export interface ResponseIdentity {
  id: string;
  createdAt: number;
  model: string;
}

export type ResponseStatus = 'in_progress' | 'completed' | 'incomplete' | 'failed';

const ITEM_PREFIX = { reasoning: 'rs_', text: 'msg_', 'tool-call': 'fc_' } as const;

/** Stable item ids per block: the same block must keep its id across added/delta/done events. */
export class ItemIds {
  private readonly ids: string[] = [];

  of(block: Block): string {
    return (this.ids[block.index] ??= randomId(ITEM_PREFIX[block.kind]));
  }
}

export function newIdentity(model: string): ResponseIdentity {
  return { id: randomId('resp_'), createdAt: Math.floor(Date.now() / 1000), model };
}

export function outputItem(block: Block, id: string, done: boolean) {
  const status = done ? 'completed' : 'in_progress';
  switch (block.kind) {
    case 'reasoning':
      return { id, type: 'reasoning', summary: done ? [summaryPart(block.text)] : [] };
    case 'text':
      return { id, type: 'message', status, role: 'assistant', content: done ? [textPart(block.text)] : [] };
    case 'tool-call':
      return {
        id,
        type: 'function_call',
        status,
        call_id: block.toolCall!.id,
        name: block.toolCall!.name,
        arguments: block.text,
      };
  }
}

export function summaryPart(text: string) {
  return { type: 'summary_text', text };
}

export function textPart(text: string) {
  return { type: 'output_text', text, annotations: [], logprobs: [] };
}

export function responsesUsage(usage: Usage) {
  return {
    input_tokens: usage.promptTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: usage.completionTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens },
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
}

/** A finished answer's status: `max_output_tokens` makes it incomplete, as OpenAI reports it. */
export function finishedStatus(reason: FinishReason): ResponseStatus {
  return reason === 'length' ? 'incomplete' : 'completed';
}

interface ResponseExtras {
  output?: unknown[];
  usage?: Usage;
  error?: SimError;
}

export function responseObject(
  identity: ResponseIdentity,
  status: ResponseStatus,
  extras: ResponseExtras = {},
) {
  return {
    id: identity.id,
    object: 'response',
    created_at: identity.createdAt,
    status,
    background: false,
    error: extras.error ? { code: 'server_error', message: extras.error.message } : null,
    incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
    instructions: null,
    max_output_tokens: null,
    model: identity.model,
    output: extras.output ?? [],
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: false,
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: 1,
    truncation: 'disabled',
    usage: extras.usage ? responsesUsage(extras.usage) : null,
    user: null,
    metadata: {},
  };
}
