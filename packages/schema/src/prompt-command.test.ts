import { describe, expect, it } from 'vitest';
import { COMMANDS_MAX_LENGTH, normalizePromptCommand } from './prompt-command.ts';

describe('normalizePromptCommand', () => {
  it('lower-cases, turns whitespace into hyphens and drops other characters', () => {
    expect(normalizePromptCommand('My Prompt')).toBe('my-prompt');
    expect(normalizePromptCommand('Tab\there  two')).toBe('tab-here--two');
    expect(normalizePromptCommand('a_b.c!d/é-9')).toBe('abcd-9');
    expect(normalizePromptCommand('/Summarise')).toBe('summarise');
  });

  it('keeps an already normal command and gives "" when nothing is left', () => {
    expect(normalizePromptCommand('code-review-2')).toBe('code-review-2');
    expect(normalizePromptCommand('¿¡!')).toBe('');
  });

  it('does not cut to the maximum length (the server refuses longer commands)', () => {
    const long = 'x'.repeat(COMMANDS_MAX_LENGTH + 5);
    expect(normalizePromptCommand(long)).toHaveLength(COMMANDS_MAX_LENGTH + 5);
    expect(COMMANDS_MAX_LENGTH).toBe(56);
  });
});
