import { describe, expect, it } from 'vitest';
import { rankOf, scoreRanks } from './retrieval-score.ts';

describe('rankOf', () => {
  it('gives the 1-based place of the first hit holding the passage, ignoring line breaks', () => {
    const hits = ['nothing here', 'the herd\ncounted 14   zebras today', 'the herd counted 14 zebras'];
    expect(rankOf(hits, 'the herd counted 14 zebras')).toBe(2);
  });

  it('is null when no hit holds the passage', () => {
    expect(rankOf(['the herd counted 15 zebras'], 'the herd counted 14 zebras')).toBeNull();
    expect(rankOf([], 'anything')).toBeNull();
  });
});

describe('scoreRanks', () => {
  it('counts recall only within k and averages reciprocal ranks, misses as 0', () => {
    // Ranks 1, 2, 6 and a miss: recall@5 is 2 of 4; MRR is (1 + 1/2 + 1/6 + 0) / 4.
    expect(scoreRanks([1, 2, 6, null], 5)).toEqual({ questions: 4, recallAtK: 0.5, mrr: 0.417 });
  });

  it('scores an empty set as zero rather than dividing by zero', () => {
    expect(scoreRanks([], 5)).toEqual({ questions: 0, recallAtK: 0, mrr: 0 });
  });
});
