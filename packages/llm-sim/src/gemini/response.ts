// Gemini's `GenerateContentResponse`: one candidate whose content parts carry text, thoughts
// (`thought: true`) or whole function calls, and on the last one `finishReason` and `usageMetadata`.
import type { Block } from '../blocks.ts';
import { randomId } from '../ids.ts';
import type { FinishReason } from '../script.ts';
import type { Usage } from '../units.ts';

export interface ResponseIdentity {
  responseId: string;
  model: string;
}

export type Part = { text: string; thought?: true } | { functionCall: { name: string; args: unknown } };

// Gemini ends a turn with function calls as STOP too; clients infer tool calls from the parts.
const FINISH_REASONS: Record<FinishReason, string> = {
  stop: 'STOP',
  length: 'MAX_TOKENS',
  'tool-calls': 'STOP',
};

export function newIdentity(model: string): ResponseIdentity {
  return { responseId: randomId('', 22), model };
}

export function generateContentResponse(
  identity: ResponseIdentity,
  parts: Part[],
  finish?: { reason: FinishReason; usage: Usage },
) {
  return {
    candidates: [
      {
        content: { parts, role: 'model' },
        ...(finish ? { finishReason: FINISH_REASONS[finish.reason] } : {}),
        index: 0,
      },
    ],
    ...(finish ? { usageMetadata: usageMetadata(finish.usage) } : {}),
    modelVersion: identity.model,
    responseId: identity.responseId,
  };
}

/** `candidatesTokenCount` excludes the thoughts, which Gemini counts apart. */
export function usageMetadata(usage: Usage) {
  return {
    promptTokenCount: usage.promptTokens,
    candidatesTokenCount: usage.completionTokens - usage.reasoningTokens,
    totalTokenCount: usage.promptTokens + usage.completionTokens,
    ...(usage.reasoningTokens > 0 ? { thoughtsTokenCount: usage.reasoningTokens } : {}),
  };
}

/** A finished tool-call block as a function-call part (Gemini never streams arguments). */
export function functionCallPart(block: Block): Part {
  return { functionCall: { name: block.toolCall!.name, args: parseArgs(block.text) } };
}

/** Arguments cut short by maxOutputTokens are not valid JSON; the call then carries `{}`. */
function parseArgs(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return {};
  }
}
