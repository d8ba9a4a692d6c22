import { describe, expect, it } from 'vitest';
import { API_KEY_PREFIX } from '@parley/schema';
import { hashSecret, mintApiKey, parseApiKey, secretMatches } from './api-key-secret.ts';

describe('personal API key secrets', () => {
  it('mints keys with the recognisable prefix whose secret only the hash remembers', () => {
    const minted = mintApiKey();
    expect(minted.key.startsWith(API_KEY_PREFIX)).toBe(true);
    const parsed = parseApiKey(minted.key)!;
    expect(parsed.id).toBe(minted.id);
    expect(minted.secretHash).toBe(hashSecret(parsed.secret));
    expect(minted.secretHash).not.toContain(parsed.secret);
    expect(minted.hint.length).toBeLessThan(20);
    expect(mintApiKey().key).not.toBe(minted.key);
  });

  it('parses only well-formed keys', () => {
    const { key } = mintApiKey();
    for (const bad of [
      '',
      'sk-abc',
      key.slice(0, -1),
      `${key}x`,
      key.replace(API_KEY_PREFIX, 'pk-other-'),
      'eyJhbGciOiJIUzI1NiJ9.x.y',
    ])
      expect(parseApiKey(bad)).toBeNull();
  });

  it('matches the right secret only, and refuses a malformed stored hash', () => {
    const minted = mintApiKey();
    const { secret } = parseApiKey(minted.key)!;
    expect(secretMatches(secret, minted.secretHash)).toBe(true);
    const flipped = secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A');
    expect(secretMatches(flipped, minted.secretHash)).toBe(false);
    expect(secretMatches(secret, 'abcd')).toBe(false);
  });
});
