import type { Message } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { chatPathFor, editedContentFor, withEditApplied } from './edited-content';
import { buildRequestBody } from './request-body';

const user = (over: Partial<Message> = {}): Message => ({
  messageId: 'u1',
  parentMessageId: 'root',
  conversationId: 'c1',
  sender: 'User',
  text: 'old words',
  isCreatedByUser: true,
  error: false,
  unfinished: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('the edit flow (Save and submit)', () => {
  it('posts to the endpoint path + /modify; every other kind to the path itself', () => {
    expect(chatPathFor('My Endpoint', 'edit')).toBe('/api/agents/chat/My%20Endpoint/modify');
    expect(chatPathFor('Demo', 'new')).toBe('/api/agents/chat/Demo');
    expect(chatPathFor('Demo', 'regenerate')).toBe('/api/agents/chat/Demo');
  });

  it('edits a text-only message as its part 0', () => {
    expect(editedContentFor(user(), 'new words')).toEqual({ index: 0, text: 'new words', type: 'text' });
  });

  it('edits the text part and keeps the think part of a message with reasoning', () => {
    const message = user({
      content: [
        { type: 'think', think: 'let me see' },
        { type: 'text', text: 'old words' },
      ],
    });
    const edit = editedContentFor(message, 'new words');
    expect(edit).toEqual({ index: 1, text: 'new words', type: 'text' });
    expect(withEditApplied(message, edit)).toMatchObject({
      text: 'new words',
      content: [
        { type: 'think', think: 'let me see' },
        { type: 'text', text: 'new words' },
      ],
    });
    // A think part edited by index keeps the message's text.
    expect(withEditApplied(message, { index: 0, text: 'rethought', type: 'think' })).toMatchObject({
      text: 'old words',
      content: [
        { type: 'think', think: 'rethought' },
        { type: 'text', text: 'old words' },
      ],
    });
  });

  it('sends a regenerate of the edited message with editedContent, no second model', () => {
    const message = user();
    const { body, userMessage, placeholder } = buildRequestBody({
      conversationId: 'c1',
      kind: 'edit',
      text: 'new words',
      parentMessageId: message.messageId,
      editedMessage: message,
      setup: { endpoint: 'Demo', model: 'echo' },
      senderLabel: 'echo',
      added: { setup: { endpoint: 'Demo', model: 'other' }, senderLabel: 'other' },
    });
    expect(body).toMatchObject({
      text: 'new words',
      parentMessageId: 'u1',
      isRegenerate: true,
      isEdited: true,
      isContinued: false,
      editedContent: { index: 0, text: 'new words', type: 'text' },
    });
    expect(body.addedConvo).toBeUndefined();
    // The cache shows the message with its new text, its parent unchanged, and a new answer under it.
    expect(userMessage).toMatchObject({ messageId: 'u1', parentMessageId: 'root', text: 'new words' });
    expect(placeholder.parentMessageId).toBe('u1');
  });

  it('sends no editedContent for a new message', () => {
    const { body } = buildRequestBody({
      conversationId: 'c1',
      kind: 'new',
      text: 'hello',
      parentMessageId: 'root',
      setup: { endpoint: 'Demo', model: 'echo' },
      senderLabel: 'echo',
    });
    expect(body.editedContent).toBeNull();
    expect(body.isRegenerate).toBe(false);
  });
});
