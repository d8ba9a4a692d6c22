import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, totpUri } from './totp.ts';

describe('TOTP codes', () => {
  let secret = '';
  beforeAll(async () => {
    secret = await newTotpSecret();
  });
  const now = 1_800_000_000; // a step boundary: 1.8e9 / 30 = 60,000,000
  const codeAt = (epoch: number) => generate({ secret, epoch });

  it('accepts the current step and one step either side, nothing further', async () => {
    const step = now / 30;
    expect(await matchTotp(secret, await codeAt(now), null, now)).toBe(step);
    expect(await matchTotp(secret, await codeAt(now - 30), null, now)).toBe(step - 1);
    expect(await matchTotp(secret, await codeAt(now + 30), null, now)).toBe(step + 1);
    expect(await matchTotp(secret, await codeAt(now - 60), null, now)).toBeNull();
    expect(await matchTotp(secret, await codeAt(now + 60), null, now)).toBeNull();
  });

  it('refuses a code of a step already used, and malformed codes', async () => {
    const code = await codeAt(now);
    expect(await matchTotp(secret, code, now / 30, now)).toBeNull();
    expect(await matchTotp(secret, code, now / 30 - 1, now)).toBe(now / 30);
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 12345'])
      expect(await matchTotp(secret, bad, null, now)).toBeNull();
  });

  it('writes an otpauth address with issuer, account and secret', async () => {
    const uri = new URL(await totpUri(secret, 'ada@example.com', 'Parley'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Parley');
    expect(decodeURIComponent(uri.pathname)).toContain('ada@example.com');
  });
});
