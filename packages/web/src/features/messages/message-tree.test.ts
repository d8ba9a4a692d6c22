import { NO_PARENT, type Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { buildTree, choicesShowing, siblingIndexOf, visiblePath } from './message-tree';

function msg(messageId: string, parentMessageId: string, isCreatedByUser = false): Message {
  return {
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
