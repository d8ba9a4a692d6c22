import { NO_PARENT, type Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { buildTree, choicesShowing, pairKey, siblingIndexOf, visiblePath } from './message-tree';

function msg(
  messageId: string,
  parentMessageId: string,
  isCreatedByUser = false,
  pairedAnswerId?: string,
): Message {
  return {
    ...(pairedAnswerId ? { pairedAnswerId } : {}),
    messageId,
    parentMessageId,
    conversationId: 'c',
    sender: isCreatedByUser ? 'User' : 'AI',
    text: messageId,
    isCreatedByUser,
    error: false,
    unfinished: false,
    createdAt: '',
    updatedAt: '',
  };
}

const list = [
  msg('u1', NO_PARENT, true),
  msg('a1', 'u1'),
  msg('a1b', 'u1'),
  msg('u2', 'a1b', true),
  msg('a2', 'u2'),
  msg('u2b', 'a1b', true),
];

describe('buildTree', () => {
  it('nests children under parents in list order', () => {
    const roots = buildTree(list);
    expect(roots.map((r) => r.message.messageId)).toEqual(['u1']);
    expect(roots[0]!.children.map((c) => c.message.messageId)).toEqual(['a1', 'a1b']);
  });
  it('makes orphans roots instead of dropping them', () => {
    const roots = buildTree([msg('x', 'missing'), msg('y', NO_PARENT)]);
    expect(roots.map((r) => r.message.messageId)).toEqual(['x', 'y']);
  });
});

describe('visiblePath', () => {
  it('follows the newest sibling by default', () => {
    const path = visiblePath(buildTree(list), {});
    expect(path.map((p) => p.message.messageId)).toEqual(['u1', 'a1b', 'u2b']);
    expect(path[1]).toMatchObject({ siblingIndex: 0, siblingCount: 2 });
  });
  it('follows a chosen older sibling', () => {
    const path = visiblePath(buildTree(list), { a1b: { index: 1, count: 2 } });
    expect(path.map((p) => p.message.messageId)).toEqual(['u1', 'a1b', 'u2', 'a2']);
  });
  it('resets the choice to the newest when the sibling count changes', () => {
    expect(siblingIndexOf({ p: { index: 1, count: 2 } }, 'p', 3)).toBe(0);
    expect(siblingIndexOf({ p: { index: 1, count: 2 } }, 'p', 2)).toBe(1);
  });
  it('is empty for no messages', () => {
    expect(visiblePath([], {})).toEqual([]);
  });
});

describe('choicesShowing', () => {
  it('selects the branch containing a message', () => {
    const roots = buildTree(list);
    const choices = choicesShowing(roots, 'a2');
    expect(visiblePath(roots, choices).map((p) => p.message.messageId)).toEqual(['u1', 'a1b', 'u2', 'a2']);
    expect(choicesShowing(roots, 'a1')).toEqual({
      [NO_PARENT]: { index: 0, count: 1 },
      u1: { index: 1, count: 2 },
    });
  });
});

// Two models answered u1: a1 is the conversation's own model's answer, b1 the second model's,
// b2 a regenerate of the second answer only.
const paired = [
  msg('u1', NO_PARENT, true),
  msg('a1', 'u1'),
  msg('b1', 'u1', false, 'a1'),
  msg('b2', 'u1', false, 'a1'),
];

describe("visiblePath with a second model's answers", () => {
  it('counts a regenerated second answer among the second answers, not with the first', () => {
    const path = visiblePath(buildTree(paired), {});
    expect(path.map((p) => p.message.messageId)).toEqual(['u1', 'b2']);
    expect(path[1]).toMatchObject({ parentKey: pairKey('a1'), siblingIndex: 0, siblingCount: 2 });
    expect(path[1]!.pairedWith).toMatchObject({ parentKey: 'u1', siblingIndex: 0, siblingCount: 1 });
    expect(path[1]!.pairedWith!.message.messageId).toBe('a1');
  });
  it('switches the second answer and keeps the first beside it', () => {
    const path = visiblePath(buildTree(paired), { [pairKey('a1')]: { index: 1, count: 2 } });
    expect(path[1]!.message.messageId).toBe('b1');
    expect(path[1]!.pairedWith!.message.messageId).toBe('a1');
  });
  it('counts a regenerated first answer with the first; it stands alone until it has a second', () => {
    const roots = buildTree([...paired, msg('a2', 'u1')]);
    const newest = visiblePath(roots, {});
    expect(newest[1]).toMatchObject({ siblingIndex: 0, siblingCount: 2 });
    expect(newest[1]!.message.messageId).toBe('a2');
    expect(newest[1]!.pairedWith).toBeUndefined();
    const older = visiblePath(roots, { u1: { index: 1, count: 2 } });
    expect(older[1]!.message.messageId).toBe('b2');
    expect(older[1]!.pairedWith).toMatchObject({ siblingIndex: 1, siblingCount: 2 });
  });
  it('goes on below the second answer shown', () => {
    const path = visiblePath(buildTree([...paired, msg('u2', 'b2', true), msg('u3', 'b1', true)]), {});
    expect(path.map((p) => p.message.messageId)).toEqual(['u1', 'b2', 'u2']);
  });
  it('pairs nothing when the named answer is missing, a user message, or under another message', () => {
    const roots = buildTree([
      msg('u', NO_PARENT, true),
      msg('v', NO_PARENT, true),
      msg('a1', 'v'),
      msg('b', 'u', false, 'a1'),
      msg('c', 'u', false, 'u'),
      msg('d', 'u', false, 'gone'),
      msg('e', 'u', false, 'e'),
    ]);
    const path = visiblePath(roots, {});
    expect(path.map((p) => p.message.messageId)).toEqual(['v', 'a1']);
    const under = visiblePath(roots, { [NO_PARENT]: { index: 1, count: 2 } });
    expect(under[1]).toMatchObject({ siblingCount: 4 });
    expect(under[1]!.pairedWith).toBeUndefined();
  });
  it('reveals a second answer with its first beside it', () => {
    const roots = buildTree(paired);
    const path = visiblePath(roots, choicesShowing(roots, 'b1'));
    expect(path[1]!.message.messageId).toBe('b1');
    expect(path[1]!.pairedWith!.message.messageId).toBe('a1');
  });
});
