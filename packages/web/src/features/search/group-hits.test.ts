import type { MessageSearchHit } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { groupHits } from './group-hits';

const hit = (messageId: string, conversationId: string, snippet: string, isCreatedByUser = false) =>
  ({ messageId, conversationId, snippet, isCreatedByUser }) as MessageSearchHit;

describe('groupHits', () => {
  it('folds same-reading hits of one conversation into the first, keeping the order', () => {
    const grouped = groupHits([
      hit('a1', 'A', 'Plant <mark>tomatoes</mark> deep'),
      hit('b1', 'B', 'Plant <mark>tomatoes</mark> deep'),
      hit('a2', 'A', 'plant  <mark>Tomatoes</mark> deep '),
      hit('a3', 'A', 'Tomato soup'),
      hit('a4', 'A', 'Plant <mark>tomatoes</mark> deep', true),
    ]);
    expect(grouped.map((g) => [g.hit.messageId, g.similar])).toEqual([
      ['a1', 1],
      ['b1', 0],
      ['a3', 0],
      ['a4', 0],
    ]);
  });
});
