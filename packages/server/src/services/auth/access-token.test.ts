import { describe, expect, it } from 'vitest';
import { AccessTokens } from './access-token.ts';

describe('AccessTokens', () => {
  const tokens = new AccessTokens('a-test-secret-of-enough-length-0123456789', 60);

  it('verifies its own tokens and refuses forged or tampered ones', async () => {
    const token = await tokens.sign({ sub: 'u1', role: 'USER', sid: 's1' });
    expect(await tokens.verify(token)).toEqual({ sub: 'u1', role: 'USER', sid: 's1' });
    const other = new AccessTokens('another-secret-of-enough-length-0123456789', 60);
    expect(await other.verify(token)).toBeNull();
    const [header, payload, signature] = token.split('.');
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(await tokens.verify('not a token')).toBeNull();
  });

  it('a remembered token still expires', async () => {
    const token = await tokens.sign({ sub: 'u2', role: 'ADMIN' }, 30);
    const now = Date.now();
    expect(await tokens.verify(token, now)).toMatchObject({ sub: 'u2', role: 'ADMIN' });
    // Second use is answered from memory; past its expiry it is refused all the same.
    expect(await tokens.verify(token, now + 1_000)).toMatchObject({ sub: 'u2' });
    expect(await tokens.verify(token, now + 31_000)).toBeNull();
  });

  it('an expired token is refused on its first use too', async () => {
    const token = await tokens.sign({ sub: 'u3', role: 'USER' }, 1);
    expect(await tokens.verify(token, Date.now() + 5_000)).toBeNull();
  });
});
