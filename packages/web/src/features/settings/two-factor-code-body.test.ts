import { describe, expect, it } from 'vitest';
import { backupCodesFileText, codeBody } from './two-factor-code-body';

describe('codeBody', () => {
  it('reads 6 digits as a code and 8 characters as a backup code', () => {
    expect(codeBody('123456', true)).toEqual({ token: '123456' });
    expect(codeBody(' 123456 ', false)).toEqual({ token: '123456' });
    expect(codeBody('abcd2345', true)).toEqual({ backupCode: 'abcd2345' });
    expect(codeBody('12345678', true)).toEqual({ backupCode: '12345678' });
  });

  it('ignores shorter or in-between input, and backup codes where they are not allowed', () => {
    for (const value of ['', '12345', '1234567', 'abcdef', 'abcdefghi'])
      expect(codeBody(value, true)).toBeNull();
    expect(codeBody('abcd2345', false)).toBeNull();
  });
});

describe('backupCodesFileText', () => {
  it('lists one code a line', () => {
    const text = backupCodesFileText('Parley', 'ada@example.com', ['aaaa2222', 'bbbb3333']);
    expect(text.split('\n')).toEqual([
      'Parley backup codes for ada@example.com',
      'Each code works once.',
      '',
      'aaaa2222',
      'bbbb3333',
      '',
    ]);
  });
});
