import { NO_PARENT, type Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { parentForNewMessage } from './send-parent';

const m = (messageId: string, extra: Partial<Message> = {}): Message => ({
  messageId,
  parentMessageId: NO_PARENT,
  conversationId: 'c',
  sender: 'x',
  text: '',
  isCreatedByUser: false,
  error: false,
  unfinished: false,
  createdAt: '',
  updatedAt: '',
  ...extra,
});

describe('parentForNewMessage', () => {
  it('is NO_PARENT for an empty conversation', () => {
    expect(parentForNewMessage([])).toBe(NO_PARENT);
  });
  it('is the last message', () => {
    expect(parentForNewMessage([m('u'), m('a')])).toBe('a');
  });
  it('skips errors and messages the server never saved', () => {
    expect(
      parentForNewMessage([m('u'), m('a'), m('u2', { clientOnly: true }), m('e', { error: true })]),
    ).toBe('a');
  });
});
