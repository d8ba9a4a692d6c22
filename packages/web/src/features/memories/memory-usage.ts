import { memoryUsagePercentage, type MemoriesAnswer, type Memory } from '@parley/schema';

/** The list with its totals recomputed (usage capped at 100 %). */
function withTotals(answer: MemoriesAnswer, memories: Memory[]): MemoriesAnswer {
  const totalTokens = memories.reduce((sum, m) => sum + m.tokenCount, 0);
  return {
    ...answer,
    memories,
    totalTokens,
    usagePercentage: memoryUsagePercentage(totalTokens, answer.tokenLimit),
  };
}

/** Adds a memory, or replaces the one stored under `previousKey` (a rename), newest first. */
export function withMemoryChanged(
  answer: MemoriesAnswer,
  previousKey: string,
  memory: Memory,
): MemoriesAnswer {
  const rest = answer.memories.filter((m) => m.key !== previousKey && m.key !== memory.key);
  return withTotals(answer, [memory, ...rest]);
}

export function withMemoryRemoved(answer: MemoriesAnswer, key: string): MemoriesAnswer {
  return withTotals(
    answer,
    answer.memories.filter((m) => m.key !== key),
  );
}
