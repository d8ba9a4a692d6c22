import { describe, expect, it } from 'vitest';
import { isIpAddressHost } from './ip-host';

describe('isIpAddressHost', () => {
  it('knows IPv4 and IPv6 addresses as the browser reports them', () => {
    expect(isIpAddressHost('192.168.1.10')).toBe(true);
    expect(isIpAddressHost('127.0.0.1')).toBe(true);
    expect(isIpAddressHost('[fd00::2]')).toBe(true);
    expect(isIpAddressHost('[::1]')).toBe(true);
  });

  it('leaves host names alone, digits and all', () => {
    expect(isIpAddressHost('localhost')).toBe(false);
    expect(isIpAddressHost('parley.home.arpa')).toBe(false);
    expect(isIpAddressHost('nas1.lan')).toBe(false);
    expect(isIpAddressHost('1.2.3.example.com')).toBe(false);
  });
});
