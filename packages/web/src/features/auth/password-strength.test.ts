import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('calls anything under eight characters too short', () => {
    expect(passwordStrength('Ab1!xyz')).toBe('short');
  });

  it('calls repeated characters and plain runs weak at any length', () => {
    expect(passwordStrength('aaaaaaaaaaaaaaaaaa')).toBe('weak');
    expect(passwordStrength('12345678901')).toBe('weak');
    expect(passwordStrength('abcdefghijklmnop')).toBe('weak');
    expect(passwordStrength('zyxwvuts')).toBe('weak');
  });

  it('rates length and mixed kinds of characters', () => {
    expect(passwordStrength('password')).toBe('weak');
    expect(passwordStrength('Password1')).toBe('fair');
    expect(passwordStrength('a long pass phrase')).toBe('strong');
    expect(passwordStrength('sunflowers22')).toBe('fair');
    expect(passwordStrength('correct Horse battery 9')).toBe('strong');
    expect(passwordStrength('Tr0ub4dor&3x')).toBe('strong');
  });
});
