import { describe, expect, it } from 'vitest';
import { keyIsValid } from './keys-api';

describe('keyIsValid', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('accepts never and future expiries, refuses missing and past ones', () => {
    expect(keyIsValid({ expiresAt: 'never' }, now)).toBe(true);
    expect(keyIsValid({ expiresAt: '2026-01-02T00:00:00Z' }, now)).toBe(true);
    expect(keyIsValid({ expiresAt: '2025-12-31T00:00:00Z' }, now)).toBe(false);
    expect(keyIsValid({ expiresAt: null }, now)).toBe(false);
    expect(keyIsValid(undefined, now)).toBe(false);
  });
});
