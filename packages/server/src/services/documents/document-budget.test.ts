import { describe, expect, it } from 'vitest';
import { documentBudget, UNKNOWN_WINDOW_TOKENS } from './document-budget.ts';

describe('the documents’ token budget', () => {
  it('is fileTokenLimit when parley.yaml sets it, whatever the window', () => {
    expect(documentBudget({ fileTokenLimit: 900, promptBudget: 100_000, promptTokens: 50 })).toBe(900);
  });

  it('is otherwise a quarter of what the conversation leaves of the prompt budget', () => {
    expect(documentBudget({ promptBudget: 4_000, promptTokens: 400 })).toBe(900);
    expect(documentBudget({ promptTokens: 768 })).toBe((UNKNOWN_WINDOW_TOKENS - 768) / 4);
  });

  it('is nothing when the conversation already fills the window', () => {
    expect(documentBudget({ promptBudget: 1_000, promptTokens: 1_500 })).toBe(0);
  });
});
