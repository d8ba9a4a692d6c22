import { NO_PARENT, type Message } from '@parley/schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBranches } from './branch-store';
import { buildTree, visiblePath } from './message-tree';

function msg(messageId: string, parentMessageId: string): Message {
  return {
    messageId,
    parentMessageId,
    conversationId: 'c',
    sender: 'User',
    text: messageId,
    isCreatedByUser: true,
    error: false,
    unfinished: false,
    createdAt: '',
    updatedAt: '',
  };
}

// Two branches under u1: the old one (a1 → u2 → a2) and the newest (a1b).
const list = [msg('u1', NO_PARENT), msg('a1', 'u1'), msg('u2', 'a1'), msg('a2', 'u2'), msg('a1b', 'u1')];
const shown = (conversationId: string) =>
  visiblePath(buildTree(list), useBranches.getState().choices[conversationId] ?? {}).map(
    (p) => p.message.messageId,
  );

describe('branch store: reveal', () => {
  beforeEach(() => useBranches.setState({ choices: {}, focus: null }));

  it('shows the branch holding the message and asks for it in view', () => {
    expect(shown('c')).toEqual(['u1', 'a1b']);
    useBranches.getState().reveal('c', list, 'u2');
    expect(shown('c')).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(useBranches.getState().focus).toEqual({ conversationId: 'c', messageId: 'u2' });
    useBranches.getState().clearFocus();
    expect(useBranches.getState().focus).toBeNull();
  });

  it('keeps the choices of other conversations and other levels', () => {
    useBranches.getState().choose('other', 'x', 1, 2);
    useBranches.getState().choose('c', 'elsewhere', 1, 3);
    useBranches.getState().reveal('c', list, 'a2');
    expect(useBranches.getState().choices.other).toEqual({ x: { index: 1, count: 2 } });
    expect(useBranches.getState().choices.c?.elsewhere).toEqual({ index: 1, count: 3 });
  });
});
