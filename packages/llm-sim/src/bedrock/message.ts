// Pieces of Bedrock Converse answers shared by the stream and JSON writers: stop reasons, usage with
// cache figures, content blocks and ids.
import { randomBytes } from 'node:crypto';
import type { Block } from '../blocks.ts';
import type { FinishReason } from '../script.ts';
import type { Usage } from '../units.ts';

export const STOP_REASONS: Record<FinishReason, string> = {
  stop: 'end_turn',
  length: 'max_tokens',
  'tool-calls': 'tool_use',
};

/** Bedrock's tool-use ids look like `tooluse_…`; the behaviours' neutral ids are `call_…`. */
export function toolUseId(id: string): string {
  return `tooluse_${id.replace(/^call_/, '')}`;
}

export function reasoningSignature(): string {
  return randomBytes(64).toString('base64');
}

/** `inputTokens` excludes the tokens read from the cache; `totalTokens` counts everything. */
export function converseUsage(usage: Usage, cachedTokens: number) {
  const inputTokens = usage.promptTokens - cachedTokens;
  return {
    inputTokens,
    outputTokens: usage.completionTokens,
    totalTokens: usage.promptTokens + usage.completionTokens,
    ...(cachedTokens > 0 ? { cacheReadInputTokens: cachedTokens, cacheWriteInputTokens: 0 } : {}),
  };
}

/** A finished block as it appears in a `converse` answer's message content. */
export function contentBlock(block: Block) {
  switch (block.kind) {
    case 'reasoning':
      return { reasoningContent: { reasoningText: { text: block.text, signature: reasoningSignature() } } };
    case 'text':
      return { text: block.text };
    case 'tool-call':
      return {
        toolUse: {
          toolUseId: toolUseId(block.toolCall!.id),
          name: block.toolCall!.name,
          input: parseInput(block.text),
        },
      };
  }
}

/** Arguments cut short by maxTokens are not valid JSON; a JSON answer then carries `{}`. */
function parseInput(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return {};
  }
}
