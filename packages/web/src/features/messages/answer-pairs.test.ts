import type { Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { answerPairs } from './answer-pairs';

const message = (id: string, parent: string, extra: Partial<Message> = {}): Message => ({
  messageId: id,
  parentMessageId: parent,
  conversationId: 'c',
  sender: 'Model',
  text: id,
  isCreatedByUser: false,
  error: false,
  unfinished: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...extra,
});

describe('answerPairs', () => {
  it('pairs a second answer with the first under both ids', () => {
    const user = message('u', 'root', { isCreatedByUser: true });
    const first = message('a1', 'u');
    const second = message('a2', 'u', { pairedAnswerId: 'a1' });
    const pairs = answerPairs([user, first, second, message('a3', 'u')]);
    expect(pairs.get('a1')).toEqual({ first, second });
    expect(pairs.get('a2')).toBe(pairs.get('a1'));
    expect(pairs.has('a3')).toBe(false);
    expect(pairs.has('u')).toBe(false);
  });

  it('pairs nothing when the named answer is missing, a user message, or under another message', () => {
    const messages = [
      message('u', 'root', { isCreatedByUser: true }),
      message('v', 'root', { isCreatedByUser: true }),
      message('a1', 'v'),
      message('b', 'u', { pairedAnswerId: 'a1' }),
      message('c', 'u', { pairedAnswerId: 'u' }),
      message('d', 'u', { pairedAnswerId: 'gone' }),
    ];
    expect(answerPairs(messages).size).toBe(0);
  });
});
