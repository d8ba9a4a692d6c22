import type { Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { changedParts, editableParts, withPartsChanged } from './editable-parts';

const answer = (over: Partial<Message>): Message => ({
  messageId: 'a1',
  conversationId: 'c1',
  parentMessageId: 'u1',
  sender: 'model',
  text: '',
  isCreatedByUser: false,
  error: false,
  unfinished: false,
  createdAt: '',
  updatedAt: '',
  ...over,
});

describe('editable parts', () => {
  const reasoned = answer({
    text: 'First. Second.',
    content: [
      { type: 'think', think: 'Let me see.' },
      { type: 'text', text: 'First.' },
      { type: 'tool_call', tool_call: { id: 'c', name: 't', args: '', output: 'x' } },
      { type: 'text', text: ' Second.' },
    ],
  });

  it('offers each think and text part by its index, and the plain text of a message without parts', () => {
    expect(editableParts(reasoned)).toEqual([
      { index: 0, type: 'think', text: 'Let me see.' },
      { index: 1, type: 'text', text: 'First.' },
      { index: 3, type: 'text', text: ' Second.' },
    ]);
    expect(editableParts(answer({ text: 'plain' }))).toEqual([{ index: null, type: 'text', text: 'plain' }]);
  });

  it('saves only what changed: a think part edited keeps the text, a text part keeps the others', () => {
    const parts = editableParts(reasoned);
    expect(changedParts(parts, ['Let me see.', 'First.', ' Second.'])).toEqual([]);
    const thought = changedParts(parts, ['Rethought.', 'First.', ' Second.']);
    expect(thought).toEqual([{ index: 0, type: 'think', text: 'Rethought.' }]);
    expect(withPartsChanged(reasoned, thought)).toMatchObject({
      text: 'First. Second.',
      content: [{ think: 'Rethought.' }, { text: 'First.' }, { type: 'tool_call' }, { text: ' Second.' }],
    });
    const second = changedParts(parts, ['Let me see.', 'First.', ' Changed.']);
    // Before, the answer's whole text went into its first text part, doubling the second.
    expect(withPartsChanged(reasoned, second)).toMatchObject({
      text: 'First. Changed.',
      content: [{ think: 'Let me see.' }, { text: 'First.' }, { type: 'tool_call' }, { text: ' Changed.' }],
    });
    expect(withPartsChanged(answer({ text: 'old' }), [{ index: null, type: 'text', text: 'new' }]).text).toBe(
      'new',
    );
  });
});
