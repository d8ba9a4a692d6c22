import { describe, expect, it } from 'vitest';
import { typedCommand } from './typed-command';

const both = { '@': true, '+': true };

describe('typedCommand', () => {
  it('opens @ and + when the text starts with them and is one word', () => {
    expect(typedCommand('@', both)).toBe('@');
    expect(typedCommand('@gpt', both)).toBe('@');
    expect(typedCommand('+', both)).toBe('+');
    expect(typedCommand('+sim', both)).toBe('+');
  });

  it('opens nothing once the text is a message: a space, a tab or a new line', () => {
    expect(typedCommand('+1 for that', both)).toBeNull();
    expect(typedCommand('@ someone', both)).toBeNull();
    expect(typedCommand('+\tx', both)).toBeNull();
    expect(typedCommand('+a\nb', both)).toBeNull();
  });

  it('opens nothing when the character is not first, or the text is empty', () => {
    expect(typedCommand('', both)).toBeNull();
    expect(typedCommand('a+', both)).toBeNull();
    expect(typedCommand(' +', both)).toBeNull();
    expect(typedCommand('/prompt', both)).toBeNull();
  });

  it('follows each command’s own switch', () => {
    expect(typedCommand('+', { '@': true, '+': false })).toBeNull();
    expect(typedCommand('@', { '@': false, '+': true })).toBeNull();
    expect(typedCommand('@', { '@': true, '+': false })).toBe('@');
    expect(typedCommand('+', { '@': false, '+': true })).toBe('+');
  });
});
