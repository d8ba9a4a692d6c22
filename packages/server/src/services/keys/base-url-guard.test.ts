import { describe, expect, it } from 'vitest';
import { BaseUrlGuard, embeddedIPv4, isPrivateAddress } from './base-url-guard.ts';

describe('private address ranges', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    'not-an-ip',
  ])('%s is refused', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    '%s is public',
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );

  it('reads the IPv4 address inside IPv6 forms', () => {
    expect(embeddedIPv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIPv4('::FFFF:10.0.0.1')).toBe('10.0.0.1');
    expect(embeddedIPv4('2002:0a00:0001::1')).toBe('10.0.0.1');
    expect(embeddedIPv4('2606:4700::1')).toBeNull();
  });
});

describe('BaseUrlGuard', () => {
  const dns = (table: Record<string, string[]>) => async (host: string) => {
    if (!table[host]) throw new Error('ENOTFOUND');
    return table[host];
  };

  it('accepts a public host and refuses one with any private address', async () => {
    const guard = new BaseUrlGuard(
      [],
      dns({
        'api.example.com': ['93.184.216.34'],
        'mixed.example.com': ['93.184.216.34', '10.0.0.5'],
        'v6.example.com': ['::ffff:192.168.0.1'],
      }),
    );
    await expect(guard.check('https://api.example.com/v1')).resolves.toBeUndefined();
    await expect(guard.check('https://mixed.example.com/v1')).rejects.toThrow(/10\.0\.0\.5.*private/);
    await expect(guard.check('https://v6.example.com/v1')).rejects.toThrow(/::ffff:192\.168\.0\.1/);
    await expect(guard.check('http://127.0.0.1:8080/v1')).rejects.toThrow(/loopback/);
    await expect(guard.check('http://[::1]:8080/v1')).rejects.toThrow(/private/);
    await expect(guard.check('http://[::ffff:127.0.0.1]/v1')).rejects.toThrow(/private/);
    await expect(guard.check('https://nowhere.example.com')).rejects.toThrow(/could not be resolved/);
    await expect(guard.check('file:///etc/passwd')).rejects.toThrow(/http/);
    await expect(guard.check('not a url')).rejects.toThrow(/not a valid URL/);
  });

  it('lets the allow-list through: a host name, an address, a range', async () => {
    const resolve = dns({ 'llm.internal': ['10.0.0.7'], 'other.internal': ['10.0.1.9'] });
    await expect(
      new BaseUrlGuard(['llm.internal'], resolve).check('http://llm.internal/v1'),
    ).resolves.toBeUndefined();
    await expect(
      new BaseUrlGuard(['127.0.0.1'], resolve).check('http://127.0.0.1:1234/v1'),
    ).resolves.toBeUndefined();
    await expect(
      new BaseUrlGuard(['127.0.0.1'], resolve).check('http://[::ffff:127.0.0.1]:1234'),
    ).resolves.toBeUndefined();
    await expect(
      new BaseUrlGuard(['10.0.0.0/24'], resolve).check('http://llm.internal/v1'),
    ).resolves.toBeUndefined();
    await expect(
      new BaseUrlGuard(['10.0.0.0/24'], resolve).check('http://other.internal/v1'),
    ).rejects.toThrow(/10\.0\.1\.9/);
  });

  it('its fetch checks each call', async () => {
    const guard = new BaseUrlGuard([], dns({}));
    await expect(guard.fetch()('http://127.0.0.1:9/v1/models')).rejects.toThrow(/loopback/);
  });
});
