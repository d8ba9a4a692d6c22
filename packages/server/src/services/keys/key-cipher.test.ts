import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './key-cipher.ts';

const key = randomBytes(32).toString('hex');

describe('AES-256-GCM secrets', () => {
  it('round-trips, with a fresh IV each time (no plaintext in the stored form)', () => {
    const a = encryptSecret('sk-secret-value', key, 'u1:openAI');
    const b = encryptSecret('sk-secret-value', key, 'u1:openAI');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain('sk-secret');
    expect(decryptSecret(a, key, 'u1:openAI')).toBe('sk-secret-value');
    expect(decryptSecret(encryptSecret('', key), key)).toBe('');
    expect(decryptSecret(encryptSecret('ключ 🔑', key), key)).toBe('ключ 🔑');
  });

  it('refuses another key, another context and tampered data', () => {
    const stored = encryptSecret('sk-secret-value', key, 'u1:openAI');
    expect(() => decryptSecret(stored, randomBytes(32).toString('hex'), 'u1:openAI')).toThrow();
    expect(() => decryptSecret(stored, key, 'u2:openAI')).toThrow();
    const parts = stored.split(':');
    const body = Buffer.from(parts[3]!, 'base64');
    body[0] = body[0]! ^ 1;
    expect(() =>
      decryptSecret([...parts.slice(0, 3), body.toString('base64')].join(':'), key, 'u1:openAI'),
    ).toThrow();
    expect(() => decryptSecret('plain', key)).toThrow(/format/);
  });

  it('needs a 32-byte key', () => {
    expect(() => encryptSecret('x', 'abcd')).toThrow(/32 bytes/);
  });
});
