import type { AnswerFigures } from '@parley/schema';
import { countTextTokens, NON_OPENAI_MARGIN } from '../context/token-count.ts';
import type { GenerationResult } from '../generation/completion-port.ts';
import type { AnswerUsage } from './balance-service.ts';

/**
 * The tokens an answer used: the provider's usage when it reported one, otherwise counted with
 * the tokenizer (the prompt as estimated before the request, the completion from the text; with
 * a margin for models that are not OpenAI's). Cached input is split out of the prompt.
 */
export function answerUsage(
  result: Pick<GenerationResult, 'usage' | 'text'> & Partial<Pick<GenerationResult, 'outcome'>>,
  estimatedPromptTokens: number,
  exactTokenizer: boolean,
): AnswerUsage {
  const usage = result.usage;
  // A request the provider refused or failed before any output, and billed nothing for, costs nothing.
  if (!usage && result.outcome === 'error' && result.text.length === 0)
    return { promptTokens: 0, completionTokens: 0 };
  const cacheRead = usage?.cacheReadTokens ?? 0;
  const cacheWrite = usage?.cacheWriteTokens ?? 0;
  const input = usage?.inputTokens ?? estimatedPromptTokens;
  const counted = countTextTokens(result.text);
  return {
    promptTokens: Math.max(0, input - cacheRead - cacheWrite),
    completionTokens:
      usage?.outputTokens ?? (exactTokenizer ? counted : Math.ceil(counted * NON_OPENAI_MARGIN)),
    ...(cacheRead ? { cacheReadTokens: cacheRead } : {}),
    ...(cacheWrite ? { cacheWriteTokens: cacheWrite } : {}),
  };
}

/** The figures shown under an answer: time to first token, speed, token counts and cost. */
export function answerFigures(
  result: Pick<GenerationResult, 'timing'>,
  usage: AnswerUsage,
  cost: number | null,
): AnswerFigures {
  const figures: AnswerFigures = {
    promptTokens: usage.promptTokens + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0),
    completionTokens: usage.completionTokens,
  };
  const t = result.timing;
  if (t?.firstOutputAt !== undefined) {
    figures.timeToFirstTokenMs = t.firstOutputAt - t.startedAt;
    const seconds = (t.endedAt - t.firstOutputAt) / 1000;
    if (seconds > 0 && usage.completionTokens > 0)
      figures.tokensPerSecond = Math.round((usage.completionTokens / seconds) * 10) / 10;
  }
  if (cost !== null) figures.cost = cost;
  return figures;
}
