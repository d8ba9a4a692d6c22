// Drives the Vercel AI SDK (openai-compatible provider) against the simulator and gathers the parts
// of `fullStream`.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  streamText,
  type FinishReason,
  type LanguageModelUsage,
  type TextStreamPart,
  type ToolSet,
} from 'ai';

export interface AiSdkCollected {
  text: string;
  reasoning: string;
  toolCalls: { toolName: string; input: unknown }[];
  finishReason?: FinishReason;
  rawFinishReason?: string;
  usage?: LanguageModelUsage;
  /** `error` parts, plus the error the stream itself threw (a dropped connection does that). */
  errors: unknown[];
}

export function simProvider(baseURL: string, apiKey = 'x') {
  return createOpenAICompatible({ name: 'sim', baseURL, apiKey, includeUsage: true });
}

type StreamTextOptions = Parameters<typeof streamText>[0];

export async function collectAiSdk<TOOLS extends ToolSet>(
  options: Omit<StreamTextOptions, 'tools'> & { tools?: TOOLS },
): Promise<AiSdkCollected> {
  const result = streamText({ maxRetries: 0, onError: () => {}, ...options } as StreamTextOptions);
  const collected: AiSdkCollected = { text: '', reasoning: '', toolCalls: [], errors: [] };
  try {
    for await (const part of result.fullStream) collect(collected, part);
  } catch (error) {
    collected.errors.push(error);
  }
  return collected;
}

function collect(collected: AiSdkCollected, part: TextStreamPart<ToolSet>): void {
  switch (part.type) {
    case 'text-delta':
      collected.text += part.text;
      break;
    case 'reasoning-delta':
      collected.reasoning += part.text;
      break;
    case 'tool-call':
      collected.toolCalls.push({ toolName: part.toolName, input: part.input });
      break;
    case 'finish':
      collected.finishReason = part.finishReason;
      collected.rawFinishReason = part.rawFinishReason;
      collected.usage = part.totalUsage;
      break;
    case 'error':
      collected.errors.push(part.error);
      break;
  }
}
