import { describe, expect, it } from 'vitest';
import { droppedConversationId } from './conversation-drop';

const origin = 'https://chat.example.com';

describe('droppedConversationId', () => {
  it("reads a conversation row's link of this app", () => {
    expect(droppedConversationId(`${origin}/c/abc-123`, origin)).toBe('abc-123');
    expect(droppedConversationId(`# comment\r\n${origin}/c/x%20y`, origin)).toBe('x y');
  });

  it('ignores another site, other pages, the new chat page and junk', () => {
    expect(droppedConversationId('https://evil.example/c/abc', origin)).toBeNull();
    expect(droppedConversationId(`${origin}/settings`, origin)).toBeNull();
    expect(droppedConversationId(`${origin}/c/new`, origin)).toBeNull();
    expect(droppedConversationId('', origin)).toBeNull();
    expect(droppedConversationId('http://[bad', origin)).toBeNull();
  });
});
