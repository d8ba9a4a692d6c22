import { describe, expect, it } from 'vitest';
import { passkeysUnavailableReason, relyingPartyOf } from './relying-party.ts';

const rpAt = (clientDomain: string) => relyingPartyOf({ clientDomain, env: {} as never });

describe('relying party', () => {
  it('is the host name and origin people open Parley at', () => {
    expect(rpAt('https://chat.example.com/')).toEqual({
      id: 'chat.example.com',
      origin: 'https://chat.example.com',
      name: 'Parley',
    });
    expect(rpAt('http://localhost:3080')).toMatchObject({ id: 'localhost', origin: 'http://localhost:3080' });
  });

  it('names the problem when the address is an IP, where browsers refuse passkeys', () => {
    expect(passkeysUnavailableReason(rpAt('http://localhost:3080'))).toBeNull();
    expect(passkeysUnavailableReason(rpAt('https://chat.example.com'))).toBeNull();
    for (const ip of ['http://192.168.1.20:3080', 'http://127.0.0.1:3080', 'http://[::1]:3080']) {
      expect(passkeysUnavailableReason(rpAt(ip))).toMatch(/IP address.*DOMAIN_CLIENT/);
    }
  });
});
