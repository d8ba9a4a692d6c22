import { describe, expect, it } from 'vitest';
import { chatFieldKind } from './conversation-settings.ts';

describe('chatFieldKind', () => {
  it('reads each field kind from the chat request schema', () => {
    expect(chatFieldKind('model')).toBe('string');
    expect(chatFieldKind('endpointType')).toBe('string');
    expect(chatFieldKind('temperature')).toBe('number');
    expect(chatFieldKind('maxContextTokens')).toBe('number');
    expect(chatFieldKind('promptCache')).toBe('boolean');
    expect(chatFieldKind('web_search')).toBe('boolean');
    expect(chatFieldKind('reasoning_effort')).toBe('string');
    expect(chatFieldKind('imageDetail')).toBe('string');
    expect(chatFieldKind('stop')).toBe('list');
    expect(chatFieldKind('examples')).toBe('list');
    expect(chatFieldKind('agentOptions')).toBeNull();
  });
});
