import type { MemoriesAnswer } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { withMemoryChanged, withMemoryRemoved } from './memory-usage';

const base: MemoriesAnswer = {
  memories: [
    { key: 'a', value: 'one', tokenCount: 30, updated_at: '2026-01-01T00:00:00.000Z' },
    { key: 'b', value: 'two', tokenCount: 50, updated_at: '2026-01-01T00:00:00.000Z' },
  ],
  totalTokens: 80,
  tokenLimit: 100,
  usagePercentage: 80,
  preferences: { memories: true },
  personalize: true,
};

describe('memory usage after a change', () => {
  it('adds a memory first and recomputes the totals, capping usage at 100 %', () => {
    const next = withMemoryChanged(base, 'c', { key: 'c', value: 'three', tokenCount: 40, updated_at: 'x' });
    expect(next.memories.map((m) => m.key)).toEqual(['c', 'a', 'b']);
    expect(next.totalTokens).toBe(120);
    expect(next.usagePercentage).toBe(100);
  });

  it('replaces a renamed memory instead of keeping both', () => {
    const next = withMemoryChanged(base, 'a', {
      key: 'z',
      value: 'renamed',
      tokenCount: 10,
      updated_at: 'x',
    });
    expect(next.memories.map((m) => m.key)).toEqual(['z', 'b']);
    expect(next.totalTokens).toBe(60);
    expect(next.usagePercentage).toBe(60);
  });

  it('removes by key; without a limit there is no percentage', () => {
    const next = withMemoryRemoved({ ...base, tokenLimit: null, usagePercentage: null }, 'b');
    expect(next.memories.map((m) => m.key)).toEqual(['a']);
    expect(next.totalTokens).toBe(30);
    expect(next.usagePercentage).toBeNull();
  });
});
