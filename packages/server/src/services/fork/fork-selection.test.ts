import { NO_PARENT, type ForkOption } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { selectForkMessages, type TreeNode } from './fork-selection.ts';

//  a ── b ── d ── g        h (a second root)
//  │    └─── e
//  └─── c ── f
const parents: Record<string, string> = {
  a: NO_PARENT,
  b: 'a',
  c: 'a',
  d: 'b',
  e: 'b',
  f: 'c',
  g: 'd',
  h: NO_PARENT,
};
const nodes: TreeNode[] = Object.entries(parents).map(([id, parent], i) => ({
  messageId: id,
  parentMessageId: parent,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
}));

const pick = (targetId: string, option: ForkOption, splitAtTarget = false, latestMessageId?: string) => {
  const selection = selectForkMessages(nodes, { targetId, option, splitAtTarget, latestMessageId })!;
  return { ids: [...selection.ids].sort().join(''), roots: [...selection.newRoots].sort().join('') };
};

describe('selectForkMessages', () => {
  it('direct path: root to target', () => {
    expect(pick('d', 'directPath').ids).toBe('abd');
  });

  it('include branches: the path plus the siblings along it', () => {
    expect(pick('d', 'includeBranches').ids).toBe('abcdeh');
  });

  it('target level: every message up to the target’s depth', () => {
    expect(pick('d', 'targetLevel').ids).toBe('abcdefh');
  });

  it('split at target: from the target down to the latest message, the target becoming a root', () => {
    expect(pick('b', 'directPath', true, 'g')).toEqual({ ids: 'bdg', roots: 'b' });
    expect(pick('b', 'includeBranches', true, 'g').ids).toBe('bdeg');
    expect(pick('b', 'targetLevel', true, 'e').ids).toBe('bde');
    // A latest message outside the target's subtree: the newest message below the target.
    expect(pick('b', 'directPath', true, 'f').ids).toBe('bdg');
    expect(pick('g', 'directPath', true).ids).toBe('g');
  });

  it('answers null for a target outside the conversation', () => {
    expect(
      selectForkMessages(nodes, { targetId: 'zz', option: 'directPath', splitAtTarget: false }),
    ).toBeNull();
  });
});
