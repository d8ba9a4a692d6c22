import { describe, expect, it } from 'vitest';
import { temporaryFlagFor, useTemporaryChat } from './temporary-store';

describe('temporary chat flag', () => {
  it('is sent only for a new chat with the toggle on', () => {
    useTemporaryChat.getState().setTemporary(true);
    expect(temporaryFlagFor(null)).toBe(true);
    expect(temporaryFlagFor('abc')).toBe(false);
    useTemporaryChat.getState().setTemporary(false);
    expect(temporaryFlagFor(null)).toBe(false);
  });
});
