// Pieces of Anthropic's `message` object shared by the stream and JSON writers: stop reasons, usage,
// content blocks and the opaque thinking signature.
import { randomBytes } from 'node:crypto';
import type { Block } from '../blocks.ts';
import { countPromptTokens } from '../conversation.ts';
import { randomId } from '../ids.ts';
import type { FinishReason } from '../script.ts';
import type { Usage } from '../units.ts';
import type { AnthropicRequest } from './request.ts';

export const STOP_REASONS: Record<FinishReason, string> = {
  stop: 'end_turn',
  length: 'max_tokens',
  'tool-calls': 'tool_use',
};

export interface MessageIdentity {
  id: string;
  model: string;
  /** Prompt tokens not read from the cache, and those that were. */
  inputTokens: number;
  cachedTokens: number;
}

export function newIdentity(request: AnthropicRequest): MessageIdentity {
  const cachedTokens = request.cachedTokens;
  return {
    id: randomId('msg_'),
    model: request.sim.model,
    inputTokens: countPromptTokens(request.sim) - cachedTokens,
    cachedTokens,
  };
}

export function messageUsage(identity: MessageIdentity, outputTokens: number) {
  return {
    input_tokens: identity.inputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: identity.cachedTokens,
    output_tokens: outputTokens,
  };
}

/** The message shell: empty content and no stop reason while streaming, filled in a JSON answer. */
export function messageObject(
  identity: MessageIdentity,
  content: unknown[],
  finish?: { reason: FinishReason; usage: Usage },
) {
  return {
    id: identity.id,
    type: 'message',
    role: 'assistant',
    model: identity.model,
    content,
    stop_reason: finish ? STOP_REASONS[finish.reason] : null,
    stop_sequence: null,
    usage: messageUsage(identity, finish?.usage.completionTokens ?? 0),
  };
}

/** Anthropic's tool-use ids look like `toolu_…`; the behaviours' neutral ids are `call_…`. */
export function toolUseId(id: string): string {
  return `toolu_${id.replace(/^call_/, '')}`;
}

/** Real signatures are opaque base64 blobs that clients pass back unchanged. */
export function thinkingSignature(): string {
  return randomBytes(64).toString('base64');
}

/** A finished block as it appears in a JSON answer's `content`. */
export function contentBlock(block: Block) {
  switch (block.kind) {
    case 'reasoning':
      return { type: 'thinking', thinking: block.text, signature: thinkingSignature() };
    case 'text':
      return { type: 'text', text: block.text };
    case 'tool-call':
      return {
        type: 'tool_use',
        id: toolUseId(block.toolCall!.id),
        name: block.toolCall!.name,
        input: parseInput(block.text),
      };
  }
}

/** Arguments cut short by max_tokens are not valid JSON; a JSON answer then carries `{}`. */
function parseInput(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return {};
  }
}
