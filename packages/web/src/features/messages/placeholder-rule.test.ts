import type { Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { showsPlaceholder } from './placeholder-rule';

const answer = (patch: Partial<Message> = {}): Message => ({
  messageId: 'a',
  parentMessageId: 'u',
  conversationId: 'c',
  sender: 'Demo',
  text: '',
  content: [],
  isCreatedByUser: false,
  error: false,
  unfinished: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...patch,
});

describe('streaming placeholder', () => {
  it('shows for an empty answer that streams or was saved unfinished', () => {
    expect(showsPlaceholder(answer(), true)).toBe(true);
    expect(showsPlaceholder(answer({ unfinished: true }), false)).toBe(true);
  });
  it('not for an empty answer its user stopped (its mark says nothing more is coming)', () => {
    expect(showsPlaceholder(answer({ unfinished: true, stopped: true }), false)).toBe(false);
  });
  it('not for a finished, errored or user message', () => {
    expect(showsPlaceholder(answer(), false)).toBe(false);
    expect(showsPlaceholder(answer({ error: true, unfinished: true }), true)).toBe(false);
    expect(showsPlaceholder(answer({ isCreatedByUser: true }), true)).toBe(false);
  });
  it('goes once anything can be shown: text, reasoning, a tool call', () => {
    expect(showsPlaceholder(answer({ content: [{ type: 'text', text: '' }] }), true)).toBe(true);
    expect(showsPlaceholder(answer({ content: [{ type: 'text', text: 'Hi' }] }), true)).toBe(false);
    expect(showsPlaceholder(answer({ content: [{ type: 'think', think: 'Hm' }] }), true)).toBe(false);
    const call = { type: 'tool_call', tool_call: { name: 'x' } } as const;
    expect(showsPlaceholder(answer({ content: [call] }), true)).toBe(false);
    expect(showsPlaceholder(answer({ text: 'saved text', unfinished: true }), false)).toBe(false);
  });
});
