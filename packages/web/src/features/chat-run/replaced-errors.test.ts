import type { Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { replacedErrorAnswers } from './replaced-errors';

const msg = (messageId: string, parentMessageId: string | null, extra: Partial<Message> = {}): Message =>
  ({
    messageId,
    parentMessageId,
    conversationId: 'c',
    text: '',
    isCreatedByUser: false,
    error: false,
    ...extra,
  }) as Message;

describe('error answers a regenerated answer replaces', () => {
  it('lists the question’s error answers with nothing under them, never the new answer', () => {
    const list = [
      msg('q', null, { isCreatedByUser: true }),
      msg('e1', 'q', { error: true }),
      msg('e2', 'q', { error: true }),
      msg('ok', 'q'),
      msg('new', 'q', { error: true }),
    ];
    expect(replacedErrorAnswers(list, 'q', 'new')).toEqual(['e1', 'e2']);
  });

  it('keeps an error answer something was asked under, and answers to other questions', () => {
    const list = [
      msg('q', null, { isCreatedByUser: true }),
      msg('e1', 'q', { error: true }),
      msg('child', 'e1', { isCreatedByUser: true }),
      msg('q2', 'child', { isCreatedByUser: true }),
      msg('e3', 'q2', { error: true }),
    ];
    expect(replacedErrorAnswers(list, 'q', 'new')).toEqual([]);
  });
});
