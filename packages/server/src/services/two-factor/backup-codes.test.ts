import { describe, expect, it } from 'vitest';
import { findUnusedBackupCode, hashBackupCode, newBackupCodes } from './backup-codes.ts';

const key = 'ab'.repeat(32);
const otherKey = 'cd'.repeat(32);

describe('backup codes', () => {
  it('makes ten distinct 8-character codes and keeps only keyed hashes', () => {
    const { codes, stored } = newBackupCodes('user-1', key);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{8}$/);
    expect(stored.map((s) => s.codeHash)).toEqual(codes.map((c) => hashBackupCode(c, 'user-1', key)));
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
  });

  it('a hash depends on the key and the account', () => {
    expect(hashBackupCode('abcdefgh', 'u1', key)).not.toBe(hashBackupCode('abcdefgh', 'u2', key));
    expect(hashBackupCode('abcdefgh', 'u1', key)).not.toBe(hashBackupCode('abcdefgh', 'u1', otherKey));
    expect(hashBackupCode(' ABCDEFGH ', 'u1', key)).toBe(hashBackupCode('abcdefgh', 'u1', key));
  });

  it('finds an unused code only', () => {
    const { codes, stored } = newBackupCodes('u1', key);
    expect(findUnusedBackupCode(stored, codes[2]!, 'u1', key)).toBe(2);
    expect(findUnusedBackupCode(stored, codes[2]!, 'u2', key)).toBe(-1);
    const spent = stored.map((s, i) => (i === 2 ? { ...s, used: true, usedAt: 'x' } : s));
    expect(findUnusedBackupCode(spent, codes[2]!, 'u1', key)).toBe(-1);
    expect(findUnusedBackupCode(stored, 'zzzzzzzz', 'u1', key)).toBe(-1);
    expect(
      findUnusedBackupCode([{ codeHash: 'short', used: false, usedAt: null }], 'zzzzzzzz', 'u1', key),
    ).toBe(-1);
  });
});
